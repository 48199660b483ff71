import FFT from 'fft.js';

/**
 * Basic offline voice conversion by signal processing (the embedded voice-clone engine): the
 * reference's pitch (median F0) and timbre (long-term spectral envelope) are measured, and the
 * script's audio is pitch-shifted to the reference's median (resampling, then WSOLA to keep its
 * length) and equalised to the reference's envelope. It sounds like a cousin of the reference,
 * not a copy: the page says it is basic offline cloning. Mono float PCM in, mono float PCM out.
 */

const hann = (n: number): Float32Array => {
  const w = new Float32Array(n);
  for (let i = 0; i < n; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
  return w;
};

function rms(x: Float32Array, start = 0, end = x.length): number {
  let s = 0;
  for (let i = start; i < end; i++) s += x[i]! * x[i]!;
  return Math.sqrt(s / Math.max(1, end - start));
}

function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * F0 of each voiced frame (Hz), by the normalised autocorrelation (computed with an FFT) of
 * 46 ms frames every 20 ms, between 60 and 500 Hz; unvoiced and quiet frames are left out.
 */
export function pitchTrack(pcm: Float32Array, sampleRate: number): number[] {
  const size = 2048;
  const frame = Math.min(1024, Math.round(sampleRate * 0.046));
  const hop = Math.round(sampleRate * 0.02);
  const fft = new FFT(size);
  const input = new Array<number>(size).fill(0);
  const spectrum = fft.createComplexArray() as number[];
  const power = fft.createComplexArray() as number[];
  const acf = fft.createComplexArray() as number[];
  const minLag = Math.floor(sampleRate / 500);
  const maxLag = Math.min(frame - 1, Math.ceil(sampleRate / 60));
  const loud = rms(pcm) * 0.3;
  const out: number[] = [];
  for (let start = 0; start + frame <= pcm.length; start += hop) {
    if (rms(pcm, start, start + frame) < loud) continue;
    input.fill(0);
    for (let i = 0; i < frame; i++) input[i] = pcm[start + i]!;
    fft.realTransform(spectrum, input);
    fft.completeSpectrum(spectrum);
    for (let k = 0; k < size; k++) {
      const re = spectrum[2 * k]!;
      const im = spectrum[2 * k + 1]!;
      power[2 * k] = re * re + im * im;
      power[2 * k + 1] = 0;
    }
    fft.inverseTransform(acf, power);
    const zero = acf[0]!;
    if (zero <= 0) continue;
    let best = -1;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      // Normalised for the shrinking overlap, so long lags are not disfavoured.
      const r = acf[2 * lag]! / zero / ((frame - lag) / frame);
      if (r > best) {
        best = r;
        bestLag = lag;
      }
    }
    if (best < 0.55 || bestLag <= minLag || bestLag >= maxLag) continue;
    // Parabolic interpolation around the peak.
    const a = acf[2 * (bestLag - 1)]!;
    const b = acf[2 * bestLag]!;
    const c = acf[2 * (bestLag + 1)]!;
    const shift = (a - c) / (2 * (a - 2 * b + c) || 1);
    out.push(sampleRate / (bestLag + (Number.isFinite(shift) ? shift : 0)));
  }
  return out;
}

export function medianPitch(pcm: Float32Array, sampleRate: number): number {
  return median(pitchTrack(pcm, sampleRate));
}

/**
 * Reads `x` at fractional positions `step` apart (linear interpolation): pitch and speed both
 * change by `step`; from rate r to rate q, `step` is r / q.
 */
export function resample(x: Float32Array, step: number): Float32Array {
  const n = Math.floor((x.length - 1) / step);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = i * step;
    const j = Math.floor(p);
    const f = p - j;
    y[i] = x[j]! * (1 - f) + x[j + 1]! * f;
  }
  return y;
}

/**
 * WSOLA time stretch to `length` samples without changing pitch: each output frame is taken
 * near its nominal place in the input where it best continues the previous one.
 */
function stretch(x: Float32Array, length: number): Float32Array {
  const frame = 1024;
  const hopOut = frame / 4;
  const tolerance = 256;
  const window = hann(frame);
  const out = new Float32Array(length + frame);
  const norm = new Float32Array(length + frame);
  const ratio = x.length / Math.max(1, length);
  let previous = 0;
  for (let outPos = 0; outPos < length; outPos += hopOut) {
    const nominal = Math.round(outPos * ratio);
    let start = nominal;
    if (outPos > 0) {
      // The natural continuation of the previous frame, hopOut further on.
      const natural = previous + hopOut;
      let best = -Infinity;
      for (let d = -tolerance; d <= tolerance; d += 4) {
        const cand = nominal + d;
        if (cand < 0 || cand + frame / 2 >= x.length || natural + frame / 2 >= x.length) continue;
        let c = 0;
        for (let i = 0; i < frame / 2; i += 2) c += x[cand + i]! * x[natural + i]!;
        if (c > best) {
          best = c;
          start = cand;
        }
      }
    }
    start = Math.max(0, Math.min(start, x.length - 1));
    for (let i = 0; i < frame && start + i < x.length; i++) {
      out[outPos + i]! += x[start + i]! * window[i]!;
      norm[outPos + i]! += window[i]!;
    }
    previous = start;
  }
  const y = new Float32Array(length);
  for (let i = 0; i < length; i++) y[i] = norm[i]! > 1e-3 ? out[i]! / norm[i]! : 0;
  return y;
}

/** Moves the pitch by `ratio` (2 = an octave up) and keeps the duration. */
export function shiftPitch(x: Float32Array, ratio: number): Float32Array {
  if (!Number.isFinite(ratio) || Math.abs(ratio - 1) < 0.01) return x;
  return stretch(resample(x, ratio), x.length);
}

const FRAME = 1024;
const HOP = 256;

/** The long-term average magnitude spectrum of the loud frames, smoothed across frequency. */
export function spectralEnvelope(x: Float32Array): Float32Array {
  const fft = new FFT(FRAME);
  const window = hann(FRAME);
  const input = new Array<number>(FRAME).fill(0);
  const spectrum = fft.createComplexArray() as number[];
  const bins = FRAME / 2 + 1;
  const sum = new Float64Array(bins);
  const loud = rms(x) * 0.3;
  let frames = 0;
  for (let start = 0; start + FRAME <= x.length; start += HOP) {
    if (rms(x, start, start + FRAME) < loud) continue;
    for (let i = 0; i < FRAME; i++) input[i] = x[start + i]! * window[i]!;
    fft.realTransform(spectrum, input);
    for (let k = 0; k < bins; k++) sum[k]! += Math.hypot(spectrum[2 * k]!, spectrum[2 * k + 1]!);
    frames++;
  }
  const envelope = new Float32Array(bins);
  // Smoothed over about a sixth of an octave (at least 3 bins), so harmonics do not matter.
  for (let k = 0; k < bins; k++) {
    const half = Math.max(3, Math.round(k * 0.06));
    let s = 0;
    let n = 0;
    for (let j = Math.max(0, k - half); j <= Math.min(bins - 1, k + half); j++) {
      s += sum[j]!;
      n++;
    }
    envelope[k] = s / n / Math.max(1, frames) + 1e-9;
  }
  return envelope;
}

/** Filters `x` by a gain per frequency bin (STFT, multiply, overlap-add). */
function equalise(x: Float32Array, gain: Float32Array): Float32Array {
  const fft = new FFT(FRAME);
  const window = hann(FRAME);
  const input = new Array<number>(FRAME).fill(0);
  const spectrum = fft.createComplexArray() as number[];
  const back = fft.createComplexArray() as number[];
  const out = new Float32Array(x.length + FRAME);
  const norm = new Float32Array(x.length + FRAME);
  for (let start = -FRAME + HOP; start < x.length; start += HOP) {
    for (let i = 0; i < FRAME; i++) {
      const j = start + i;
      input[i] = j >= 0 && j < x.length ? x[j]! * window[i]! : 0;
    }
    fft.realTransform(spectrum, input);
    fft.completeSpectrum(spectrum);
    for (let k = 0; k < FRAME; k++) {
      const bin = k <= FRAME / 2 ? k : FRAME - k;
      spectrum[2 * k]! *= gain[bin]!;
      spectrum[2 * k + 1]! *= gain[bin]!;
    }
    fft.inverseTransform(back, spectrum);
    for (let i = 0; i < FRAME; i++) {
      const j = start + i;
      if (j < 0 || j >= x.length) continue;
      out[j]! += back[2 * i]! * window[i]!;
      norm[j]! += window[i]! * window[i]!;
    }
  }
  const y = new Float32Array(x.length);
  for (let i = 0; i < x.length; i++) y[i] = norm[i]! > 1e-6 ? out[i]! / norm[i]! : 0;
  return y;
}

export interface VoiceProfile {
  /** Median F0 in Hz (NaN when the audio has no voiced frames). */
  pitch: number;
  envelope: Float32Array;
  rms: number;
}

export function voiceProfile(pcm: Float32Array, sampleRate: number): VoiceProfile {
  return { pitch: medianPitch(pcm, sampleRate), envelope: spectralEnvelope(pcm), rms: rms(pcm) };
}

/**
 * Converts `source` (the script spoken by anyone) toward the reference voice: its median pitch
 * to the reference's (within an octave either way), its spectral envelope to the reference's
 * (gains between a quarter and four), its loudness to the reference's, peaks kept under 1.
 */
export function convertVoice(
  source: Float32Array,
  reference: VoiceProfile,
  sampleRate: number,
): Float32Array {
  const sourcePitch = medianPitch(source, sampleRate);
  const ratio =
    Number.isFinite(sourcePitch) && Number.isFinite(reference.pitch)
      ? Math.min(2, Math.max(0.5, reference.pitch / sourcePitch))
      : 1;
  const shifted = shiftPitch(source, ratio);
  const current = spectralEnvelope(shifted);
  const gain = new Float32Array(current.length);
  for (let k = 0; k < gain.length; k++)
    gain[k] = Math.min(4, Math.max(0.25, reference.envelope[k]! / current[k]!));
  const out = equalise(shifted, gain);
  const level = rms(out);
  const scale = level > 0 ? reference.rms / level : 1;
  let peak = 0;
  for (let i = 0; i < out.length; i++) peak = Math.max(peak, Math.abs(out[i]! * scale));
  const final = peak > 0.99 ? (scale * 0.99) / peak : scale;
  for (let i = 0; i < out.length; i++) out[i]! *= final;
  return out;
}
