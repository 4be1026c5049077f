// The player's table settings, remembered per browser (localStorage): hints on/off, sound,
// motion (follow the system's prefers-reduced-motion, or always on/off) and tile size.
const KEY = "mj.table.settings";
export const DEFAULTS = { hints: true, sound: true, motion: "auto", size: "m" };

function read() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch (e) {
    return { ...DEFAULTS }; // storage refused (private mode) or garbage: the defaults
  }
}

export class Settings {
  constructor() {
    this.values = read();
    this.listeners = [];
    this.query = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
    this.query?.addEventListener?.("change", () => this.changed());
  }
  get(name) { return this.values[name]; }
  set(name, value) {
    this.values[name] = value;
    try { localStorage.setItem(KEY, JSON.stringify(this.values)); } catch (e) { /* not remembered, still applied */ }
    this.changed();
  }
  /** Motion is reduced when the player said so, or left it to the system and the system asks for it. */
  reducedMotion() {
    const m = this.values.motion;
    return m === "off" || (m === "auto" && Boolean(this.query && this.query.matches));
  }
  onChange(fn) { this.listeners.push(fn); fn(this); }
  changed() { for (const fn of this.listeners) fn(this); }

  /** Wire the settings form (#settings) and the sound toggle button to these values. */
  bind(form, soundButton) {
    if (form) {
      for (const input of form.elements) {
        if (!input.name || !(input.name in DEFAULTS)) continue;
        if (input.type === "checkbox") input.checked = Boolean(this.values[input.name]);
        else input.value = this.values[input.name];
        input.addEventListener("change", () => this.set(input.name, input.type === "checkbox" ? input.checked : input.value));
      }
    }
    if (soundButton) soundButton.addEventListener("click", () => this.set("sound", !this.values.sound));
    this.onChange(() => {
      if (form && form.elements.sound) form.elements.sound.checked = Boolean(this.values.sound);
      if (soundButton) soundButton.setAttribute("aria-pressed", String(!this.values.sound));
    });
  }
}
