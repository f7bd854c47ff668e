/** Escapes text for HTML or SVG element content and quoted attribute values (names come from files). */
export function escapeMarkup(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The seat colours of replay boards (colour-blind-friendly; the report's bot palette). */
export const SEAT_COLOURS = ['#4269d0', '#ef8a17', '#3ca951', '#d6404e', '#9a6fd0', '#8c6d31', '#e377c2', '#17a2b8'];

export const seatColour = (seat: number): string => SEAT_COLOURS[seat % SEAT_COLOURS.length];
