// Short sound effects synthesised in the browser (Web Audio: no sound files). The audio
// context starts on the player's first click or key press (browsers refuse sound before one).
const NOTES = {
  // [frequency Hz, start s, length s, wave, gain]
  draw: [[660, 0, 0.06, "sine", 0.18]],
  discard: [[190, 0, 0.09, "triangle", 0.35], [1400, 0, 0.03, "square", 0.05]],
  call: [[523, 0, 0.1, "square", 0.12], [784, 0.1, 0.16, "square", 0.12]],
  turn: [[880, 0, 0.18, "sine", 0.2], [1320, 0.06, 0.22, "sine", 0.12]],
  timer: [[1000, 0, 0.08, "square", 0.1]],
  chat: [[1200, 0, 0.05, "sine", 0.12], [1600, 0.05, 0.07, "sine", 0.1]],
  win: [[523, 0, 0.14, "triangle", 0.3], [659, 0.12, 0.14, "triangle", 0.3], [784, 0.24, 0.14, "triangle", 0.3], [1047, 0.36, 0.4, "triangle", 0.3]],
};

export class Sound {
  /** `enabled()`: whether sound is on (the remembered mute toggle). */
  constructor(enabled) {
    this.enabled = enabled;
    this.ctx = null;
    this.played = []; // what was played (kinds), for the curious and the browser tests
    const start = () => this.start();
    window.addEventListener("pointerdown", start, { capture: true });
    window.addEventListener("keydown", start, { capture: true });
  }

  start() {
    if (this.ctx) { if (this.ctx.state === "suspended") this.ctx.resume(); return; }
    const AC = window.AudioContext || window.webkitAudioContext;
    if (AC) this.ctx = new AC();
  }

  play(kind) {
    const notes = NOTES[kind];
    if (!notes || !this.enabled() || !this.ctx) return false;
    const t0 = this.ctx.currentTime + 0.01;
    for (const [freq, start, length, wave, gain] of notes) this.note(freq, t0 + start, length, wave, gain);
    this.played.push(kind);
    return true;
  }

  note(freq, at, length, wave, gain) {
    const osc = this.ctx.createOscillator(), amp = this.ctx.createGain();
    osc.type = wave;
    osc.frequency.setValueAtTime(freq, at);
    amp.gain.setValueAtTime(0.0001, at);
    amp.gain.exponentialRampToValueAtTime(gain, at + 0.01); // a quick attack, then a decay: no clicks
    amp.gain.exponentialRampToValueAtTime(0.0001, at + length);
    osc.connect(amp).connect(this.ctx.destination);
    osc.start(at);
    osc.stop(at + length + 0.02);
  }
}
