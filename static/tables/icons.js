// Icons as inline SVG (no emoji font needed on the device).
export const ICON = {
  bot: '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><rect x="2.5" y="5" width="11" height="8.5" rx="2.5" fill="currentColor"/><rect x="7.3" y="1.8" width="1.4" height="3.4" fill="currentColor"/><circle cx="8" cy="1.8" r="1.3" fill="currentColor"/><circle cx="5.8" cy="9" r="1.3" fill="#3b6ea8"/><circle cx="10.2" cy="9" r="1.3" fill="#3b6ea8"/></svg>',
  clock: '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><circle cx="8" cy="8.5" r="6" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M8 5v4l2.5 1.5" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/></svg>',
  star: '<svg class="icon" viewBox="0 0 16 16" aria-hidden="true"><path d="M8 1.5l1.9 4.1 4.5.5-3.4 3 1 4.4L8 11.3 4 13.5l1-4.4-3.4-3 4.5-.5z" fill="#e0a91b"/></svg>',
};

export function dieSvg(n) {
  const P = { 1: [[15, 15]], 2: [[9, 9], [21, 21]], 3: [[8, 8], [15, 15], [22, 22]], 4: [[9, 9], [21, 9], [9, 21], [21, 21]],
    5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]], 6: [[9, 8], [21, 8], [9, 15], [21, 15], [9, 22], [21, 22]] };
  const dots = (P[n] || []).map(([x, y]) => `<circle cx="${x}" cy="${y}" r="${n === 1 ? 4.5 : 3}" fill="${n === 1 || n === 4 ? "#c0272d" : "#1b2a5c"}"/>`).join("");
  return `<svg viewBox="0 0 30 30" aria-hidden="true"><rect x="1" y="1" width="28" height="28" rx="6" fill="#fff" stroke="#bbb"/>${dots}</svg>`;
}
