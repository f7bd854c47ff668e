/**
 * The replay page (`goldpit replay <scenario> --game K --html`): one self-contained page that steps
 * through one game. The frame is shared by every game; the game's hooks (GameDefinition.replay)
 * draw its board at each moment and word its decisions (src/sim/replay.ts collects them).
 *
 * Every moment is drawn when the page is written, one hidden <section> each; a small inline script
 * (the only one goldpit writes, allowed by its sha-256 in the Content-Security-Policy, which forbids
 * every network load) shows one at a time: ← → keys, buttons, a scrubber, and the score strip's
 * marker. Without the script the page still shows the start.
 */
import { createHash } from 'node:crypto';
import type { GamePresentation } from '../core/definition.js';
import { seatColour } from '../core/markup.js';
import type { ReplayedGame } from '../sim/replay.js';
import { c, esc, INK, legend, linear, linePath, niceAxis, STYLE, stepTicks, svgOpen, WIDTH, xAxis, yAxis } from './html.js';

export interface ReplayFacts {
  readonly scenario: string;
  readonly seed: string;
  readonly game: number;
  readonly seats: readonly string[];
  readonly version: string;
}

/** The page's script: shows frame i (a <section class="frame">), moves the marker, syncs the controls. */
export const REPLAY_SCRIPT = `(() => {
  const frames = Array.from(document.querySelectorAll('section.frame'));
  const scrub = document.getElementById('scrub');
  const label = document.getElementById('where');
  const marker = document.getElementById('marker');
  let at = 0;
  function show(i) {
    at = Math.max(0, Math.min(frames.length - 1, i));
    frames.forEach((f, k) => { f.hidden = k !== at; });
    const f = frames[at];
    scrub.value = String(at);
    label.textContent = 'moment ' + at + ' of ' + (frames.length - 1) + ' \\u00b7 ' + f.dataset.where;
    if (marker) { marker.setAttribute('x1', f.dataset.x); marker.setAttribute('x2', f.dataset.x); }
    document.body.dataset.frame = String(at);
  }
  document.getElementById('first').addEventListener('click', () => show(0));
  document.getElementById('back').addEventListener('click', () => show(at - 1));
  document.getElementById('next').addEventListener('click', () => show(at + 1));
  document.getElementById('last').addEventListener('click', () => show(frames.length - 1));
  scrub.addEventListener('input', () => show(Number(scrub.value)));
  document.addEventListener('keydown', (e) => {
    if (e.target === scrub) return;
    if (e.key === 'ArrowRight' || e.key === 'l') show(at + 1);
    else if (e.key === 'ArrowLeft' || e.key === 'h') show(at - 1);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(frames.length - 1);
    else return;
    e.preventDefault();
  });
  document.body.classList.add('scripted');
  show(0);
})();`;

const REPLAY_STYLE = `
.controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:8px 0}
.controls button{font:inherit;padding:4px 10px;border:1px solid #c9ced6;border-radius:4px;background:#fff;cursor:pointer}
.controls input[type=range]{flex:1;min-width:200px}
#where{font-variant-numeric:tabular-nums;color:var(--muted)}
body:not(.scripted) .controls{display:none}
.scores td.num,.scores th.num{text-align:right}
.decisions li{margin:4px 0}
.decisions details{display:inline}
.decisions pre{max-height:240px;overflow:auto;background:#f6f8fa;padding:6px;font-size:12px;white-space:pre-wrap}
.fault{color:#b42318;font-weight:600}
.board{margin:8px 0;overflow-x:auto}
.board svg{max-width:100%;height:auto}
`;

/** The score after step t: the start's for t = 0, then the curve's rows (a finished game's last row after its end). */
export function scoreAt(record: ReplayedGame['record'], step: number): readonly number[] {
  if (step <= 0 || record.curve.length === 0) return record.initialScores;
  return record.curve[Math.min(step, record.curve.length) - 1];
}

/** The strip's legend, one entry per seat, in rows that fit the page (`legend` advances 21 + 6.6 px a character + 18 an entry). */
function legendRows(facts: ReplayFacts): { label: string; colour: string }[][] {
  const rows: { label: string; colour: string }[][] = [[]];
  let used = 0;
  facts.seats.forEach((bot, s) => {
    const item = { label: `seat ${s} ${bot}`, colour: seatColour(s) };
    const w = 21 + 6.6 * item.label.length + 18;
    if (used + w > WIDTH - 90 && rows[rows.length - 1].length > 0) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1].push(item);
    used += w;
  });
  return rows;
}

/** The score strip: each seat's score after every step (the game's record), and the marker of the moment shown. */
function scoreStrip(
  game: ReplayedGame,
  presentation: GamePresentation,
  facts: ReplayFacts,
  x: (step: number) => number,
  frame: { py: number; h: number },
): string {
  const { record } = game;
  const players = record.initialScores.length;
  const steps = record.curve.length;
  const rows = [record.initialScores, ...record.curve];
  const y = niceAxis(Math.min(0, ...rows.flat()), Math.max(1, ...rows.flat()), 4);
  const ys = linear(y.domain, [frame.py + frame.h, frame.py]);
  const out = [svgOpen('score-strip', WIDTH, frame.py + frame.h + 44, `${presentation.score} of each seat after every ${presentation.step.one}`)];
  for (const [r, row] of legendRows(facts).entries()) out.push(legend(row, 60, 14 + 16 * r));
  out.push(yAxis(y.ticks, ys, 60, WIDTH - 30, (v) => String(v), presentation.score, frame.py + frame.h / 2));
  out.push(
    xAxis(
      stepTicks(Array.from({ length: steps + 1 }, (_, t) => t)),
      x,
      frame.py,
      frame.py + frame.h,
      (v) => String(v),
      `${presentation.step.one} (0: the start)`,
      (60 + WIDTH - 30) / 2,
    ),
  );
  for (let s = 0; s < players; s++) {
    out.push(`<path d="${linePath(rows.map((row, t) => [x(t), ys(row[s])]))}" fill="none" stroke="${seatColour(s)}" stroke-width="2"/>`);
    rows.forEach((row, t) =>
      out.push(
        `<circle class="point" data-seat="${s}" data-step="${t}" data-score="${row[s]}" cx="${c(x(t))}" cy="${c(ys(row[s]))}" r="2.5" fill="${seatColour(s)}"><title>seat ${s}, ${t === 0 ? 'at the start' : `after ${presentation.step.one} ${t}`}: ${row[s]} ${esc(presentation.score)}</title></circle>`,
      ),
    );
  }
  out.push(
    `<line id="marker" x1="${c(x(0))}" x2="${c(x(0))}" y1="${frame.py}" y2="${frame.py + frame.h}" stroke="${INK}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
  );
  out.push('</svg>');
  return out.join('');
}

/** The replay page of one game. */
export function renderReplay(game: ReplayedGame, presentation: GamePresentation, facts: ReplayFacts): string {
  const { record, frames } = game;
  const steps = record.curve.length;
  // The strip's top: below its legend's rows.
  const stripFrame = { py: 24 + 16 * legendRows(facts).length, h: 150 };
  const x = linear([0, Math.max(1, steps)], [60, WIDTH - 30]);
  const o = record.outcome;
  const seatName = (s: number) => `seat ${s} (${facts.seats[s] ?? '?'})`;
  const winners = o.winners.length ? `${o.winners.map(seatName).join(' and ')} ${o.winners.length > 1 ? 'share the win' : 'wins'}` : 'nobody wins';
  const ending = presentation.endings[o.endedBy]?.label ?? o.endedBy;
  const sections = frames.map((f, i) => {
    const step = Math.min(f.step, steps);
    const one = presentation.step.one;
    // The steps done, and where the game goes next (the game's own words: "round 2, meeting t3").
    const done = i === 0 ? 'the start' : f.next === null ? `the end, after ${one} ${step}` : step === 0 ? `${one} 1 under way` : `after ${one} ${step}`;
    const where = f.next === null ? done : `${done} \u00b7 next: ${f.next}`;
    const scores = scoreAt(record, step);
    const scoreRows = scores
      .map(
        (v, s) =>
          `<tr><td><span class="swatch" style="background:${seatColour(s)}"></span>seat ${s}</td><td>${esc(facts.seats[s] ?? '')}</td><td class="num" data-seat="${s}">${esc(v)}</td></tr>`,
      )
      .join('');
    const decisions = f.decisions.length
      ? `<ol class="decisions">${f.decisions
          .map(
            (d) =>
              `<li><strong style="color:${seatColour(d.seat)}">${esc(seatName(d.seat))}</strong>, ${esc(d.kind)}: ${esc(d.text)}${d.fault ? ` <span class="fault">FAULT ${esc(d.fault)} (the rules' fallback was played)</span>` : ''} <details><summary>the seat's view</summary><pre>${esc(d.view)}</pre></details></li>`,
          )
          .join('')}</ol>`
      : `<p class="muted">${i === 0 ? 'The game is set up; nobody has decided yet.' : 'No decision: the game moved on by itself.'}</p>`;
    return `<section class="frame" data-frame="${i}" data-step="${step}" data-where="${esc(where)}" data-x="${c(x(step))}"${i === 0 ? '' : ' hidden'}>
<h2>Moment ${i}: ${esc(where)}</h2>
<div class="board">${f.board}</div>
<table class="scores compact"><caption>${esc(presentation.score)} ${step === 0 ? 'at the start' : `after ${esc(presentation.step.one)} ${step}`}</caption><thead><tr><th>seat</th><th>bot</th><th class="num">${esc(presentation.score)}</th></tr></thead><tbody>${scoreRows}</tbody></table>
<h3>Decisions that led here</h3>
${decisions}
</section>`;
  });
  const faults = game.faults.length
    ? `<div class="warning"><strong>${game.faults.length} fault${game.faults.length === 1 ? '' : 's'}</strong>: ${game.faults.map((f) => `${esc(seatName(f.seat))} in ${esc(f.request)} (decision ${f.decision}): ${esc(f.reason)}: ${esc(f.message)}`).join('; ')}</div>`
    : '';
  const body = `<header>
<h1>${esc(presentation.title)}: game ${esc(facts.game)} of ${esc(facts.scenario)}</h1>
<p class="explain">Seed <code>${esc(facts.seed)}</code>; ${facts.seats.map((b, s) => `seat ${s} <strong>${esc(b)}</strong>`).join(', ')}. ${esc(winners)} (${esc(ending)}, ${esc(o.length)} ${esc(o.length === 1 ? presentation.step.one : presentation.step.many)}; final ${esc(presentation.score)} ${o.scores.map(esc).join(' / ')}). Step with \u2190 \u2192 (Home, End), the buttons or the scrubber; every moment is after a decision or at the start. <code>goldpit replay ${esc(facts.scenario)} --game ${esc(facts.game)}</code> prints the same game as a story.</p>
</header>
${faults}
<div class="controls"><button id="first" type="button" title="the start (Home)">|\u25c0 start</button><button id="back" type="button" title="back (\u2190)">\u25c0 back</button><button id="next" type="button" title="forward (\u2192)">forward \u25b6</button><button id="last" type="button" title="the end (End)">end \u25b6|</button><input id="scrub" type="range" min="0" max="${frames.length - 1}" value="0" aria-label="moment"><span id="where">moment 0</span></div>
${scoreStrip(game, presentation, facts, x, stripFrame)}
${sections.join('\n')}
<footer>goldpit ${esc(facts.version)} \u00b7 replay page: one script of its own (allowed by its hash), nothing loaded from the network.</footer>`;
  const hash = createHash('sha256').update(REPLAY_SCRIPT).digest('base64');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${hash}'">
<title>${esc(`${presentation.title} \u00b7 game ${facts.game} of ${facts.scenario} \u00b7 goldpit replay`)}</title>
<style>${STYLE}${REPLAY_STYLE}</style>
</head>
<body>
<main>
${body}
</main>
<script>${REPLAY_SCRIPT}</script>
</body>
</html>
`;
}
