import { useCallback, useEffect, useRef, useState } from 'react';
import { recordingToWav } from '../lib/audio';

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; elapsed: number }
  | { phase: 'processing' }
  /** getUserMedia was refused (or there is no microphone to ask for). */
  | { phase: 'denied' }
  /** This browser cannot record. */
  | { phase: 'unsupported' };

export interface Take {
  blob: Blob;
  seconds: number;
  name: string;
}

/** Containers tried in order; the recording is turned into WAV afterwards in any case. */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

interface Session {
  stream: MediaStream;
  context: AudioContext;
  recorder: MediaRecorder;
  timer?: ReturnType<typeof setInterval>;
  frame: number;
  /** Dropped: the page went or the user started over; its take is not wanted. */
  discard: boolean;
}

function close(session: Session) {
  clearInterval(session.timer);
  cancelAnimationFrame(session.frame);
  for (const track of session.stream.getTracks()) track.stop();
  void session.context.close().catch(() => undefined);
}

/**
 * Records from the microphone with MediaRecorder: a running timer, a live level (drawn straight
 * on `meterRef`'s element, not through React), and a stop at `maxSeconds`. The take is handed
 * over as WAV, cut to `maxSeconds`.
 */
export function useRecorder({
  maxSeconds,
  onTake,
  name,
}: {
  maxSeconds: number;
  onTake: (take: Take) => void;
  /** The take's file name. */
  name: string;
}) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const session = useRef<Session | null>(null);
  const meterRef = useRef<HTMLElement | null>(null);
  const onTakeRef = useRef(onTake);
  useEffect(() => {
    onTakeRef.current = onTake;
  });

  const stop = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    // Missing outside secure contexts (plain http): the microphone cannot be asked for.
    const media = navigator.mediaDevices as MediaDevices | undefined;
    if (!media) {
      setState({ phase: 'denied' });
      return;
    }
    if (typeof MediaRecorder === 'undefined') {
      setState({ phase: 'unsupported' });
      return;
    }
    setState({ phase: 'starting' });
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      });
    } catch {
      setState({ phase: 'denied' });
      return;
    }
    const mimeType = MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      setState({ phase: 'unsupported' });
      return;
    }
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const chunks: Blob[] = [];
    const startedAt = performance.now();

    const current: Session = { stream, context, recorder, frame: 0, discard: false };
    const draw = () => {
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) sum += s * s;
      // Speech sits around -30 to -10 dBFS; spread that over the bar.
      const db = 10 * Math.log10(sum / samples.length + 1e-10);
      const level = Math.min(1, Math.max(0, (db + 60) / 55));
      if (meterRef.current) meterRef.current.style.transform = `scaleX(${level.toFixed(3)})`;
      current.frame = requestAnimationFrame(draw);
    };
    current.timer = setInterval(() => {
      const elapsed = (performance.now() - startedAt) / 1000;
      if (elapsed >= maxSeconds) {
        setState({ phase: 'recording', elapsed: maxSeconds });
        if (recorder.state !== 'inactive') recorder.stop();
      } else {
        setState({ phase: 'recording', elapsed });
      }
    }, 100);
    current.frame = requestAnimationFrame(draw);
    session.current = current;

    recorder.addEventListener('dataavailable', (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    recorder.addEventListener('stop', () => {
      const elapsed = Math.min(maxSeconds, (performance.now() - startedAt) / 1000);
      close(current);
      if (meterRef.current) meterRef.current.style.transform = 'scaleX(0)';
      if (session.current === current) session.current = null;
      if (current.discard) return;
      setState({ phase: 'processing' });
      const raw = new Blob(chunks, { type: recorder.mimeType || 'audio/webm' });
      void recordingToWav(raw, maxSeconds).then((wav) => {
        if (current.discard) return;
        setState({ phase: 'idle' });
        onTakeRef.current(
          wav
            ? { blob: wav.blob, seconds: wav.seconds, name: `${name}.wav` }
            : { blob: raw, seconds: elapsed, name: `${name}.${raw.type.includes('mp4') ? 'm4a' : 'webm'}` },
        );
      });
    });
    recorder.start(250);
    setState({ phase: 'recording', elapsed: 0 });
  }, [maxSeconds, name]);

  /** Drops a recording in progress without a take. */
  const cancel = useCallback(() => {
    const current = session.current;
    if (!current) return;
    current.discard = true;
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    else close(current);
    session.current = null;
    setState({ phase: 'idle' });
  }, []);

  useEffect(
    () => () => {
      const current = session.current;
      if (!current) return;
      current.discard = true;
      if (current.recorder.state !== 'inactive') current.recorder.stop();
      close(current);
    },
    [],
  );

  return { state, start, stop, cancel, meterRef };
}
