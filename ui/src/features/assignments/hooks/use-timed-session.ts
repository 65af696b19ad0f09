import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BANNER_HIDE_MS,
  BEEP_HZ,
  BEEP_SECONDS,
  HEARTBEAT_INTERVAL_MS,
  RESTORED_BANNER_MS,
  TIMER_MESSAGES,
  type StudentAssignment,
  type TimedSessionState,
} from '@evergrade/contracts';
import { ApiError } from '../../../lib/api-client';
import { invalidateAt } from '../../../lib/positions';
import { questionsQueryKey } from '../api/get-assignment-questions';
import { sendHeartbeat, startSession, submitSession, timedSessionKey, timedSessionQueryOptions } from '../api/sessions';
import { useConnection } from '../stores/connection';
import { beep, initialRemaining, nextWarning, passedThresholds, timeUsed } from '../utils/timer';

export type TimerBanner = { text: string; critical: boolean; kind: 'warning' | 'info' };
export type TimedPhase = 'untimed' | 'loading' | 'not_started' | 'running' | 'expired' | 'submitted';

type Options = {
  assignment: StudentAssignment | undefined;
  /** Force-save every editor (expiry). */
  flushAll: () => Promise<void>;
  /** After the automatic submission's alert is closed. */
  onAutoSubmitted: () => void;
};

/**
 * A timed assignment (spec document 1, section 4): the session from the server, the countdown against the server's
 * remaining time, warnings, heartbeat, connection state and expiry with force-save and automatic submission.
 */
export function useTimedSession({ assignment, flushAll, onAutoSubmitted }: Options) {
  const client = useQueryClient();
  const id = assignment?.assignment_id ?? 0;
  const timed = !!assignment?.timed && (assignment.time_limit ?? 0) > 0;
  const session = useQuery({ ...timedSessionQueryOptions(id), enabled: timed });
  const data = session.data ?? null;
  const { online, setOnline, setLost } = useConnection();

  /** Local instant at which the server's remaining time runs out. */
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [banner, setBanner] = useState<TimerBanner | null>(null);
  const [alert, setAlert] = useState<{ message: string; ok: boolean } | null>(null);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const fired = useRef<Set<number>>(new Set());
  const expired = useRef(false);
  const startedHere = useRef(false);
  const restoredShown = useRef(false);
  const counting = useRef(false);
  const hideBanner = useRef<ReturnType<typeof setTimeout>>(undefined);

  const running = !!data && !data.is_submitted;
  const total = data ? data.time_limit_seconds + data.extra_seconds : 0;

  const showBanner = useCallback((b: TimerBanner, hideAfter: number | null) => {
    clearTimeout(hideBanner.current);
    setBanner(b);
    if (hideAfter !== null) hideBanner.current = setTimeout(() => setBanner(null), hideAfter);
  }, []);
  useEffect(() => () => clearTimeout(hideBanner.current), []);

  // Every reply of the server (load, refetch after extra time, start) resets where the countdown ends.
  useEffect(() => {
    if (!data || data.is_submitted) {
      setEndsAt(null);
      return;
    }
    const left = initialRemaining(data, data.time_limit_seconds, Date.now());
    if (left === null) {
      setEndsAt(null);
      return;
    }
    if (!counting.current) {
      counting.current = true;
      fired.current = passedThresholds(left);
    }
    setEndsAt(Date.now() + left * 1000);
    setRemaining(left);
    if (!startedHere.current && !restoredShown.current && left > 0) {
      restoredShown.current = true;
      showBanner({ text: TIMER_MESSAGES.restored, critical: false, kind: 'info' }, RESTORED_BANNER_MS);
    }
  }, [data, session.dataUpdatedAt, showBanner]);

  const expire = useCallback(async () => {
    if (expired.current || !data) return;
    expired.current = true;
    setEndsAt(null);
    setRemaining(0);
    showBanner({ text: TIMER_MESSAGES.timeUp, critical: true, kind: 'warning' }, null);
    await flushAll().catch((err: unknown) => console.error('Saving before the automatic submission failed', err));
    try {
      // On the server the session's submit is the assignment's submit: one stream, one AssignmentSubmitted.
      const reply = await submitSession(id, 'auto_time_limit', data.time_limit_seconds);
      client.setQueryData(timedSessionKey(id), reply);
      setAlert({ message: TIMER_MESSAGES.autoSubmitted, ok: true });
    } catch (err) {
      console.error('Automatic submission failed', err);
      setAlert({ message: TIMER_MESSAGES.autoSubmitFailed, ok: false });
    }
  }, [data, id, flushAll, client, showBanner]);

  // Tick every second: the countdown, the warnings (each once), expiry.
  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      const next = nextWarning(left, fired.current);
      fired.current = next.fired;
      if (next.warning && left > 0) {
        showBanner(
          { text: TIMER_MESSAGES.warning(next.warning.threshold), critical: next.warning.critical, kind: 'warning' },
          next.warning.critical ? null : BANNER_HIDE_MS,
        );
        if (next.warning.critical) beep(BEEP_HZ, BEEP_SECONDS);
      }
      if (left <= 0) void expire();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt, expire, showBanner]);

  // Heartbeat every 30 s and when the tab is visible again; its reply corrects the countdown.
  const heartbeat = useCallback(async () => {
    if (!running || endsAt === null || expired.current) return;
    const used = timeUsed(total, Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    if (used === null) return;
    try {
      const reply = await sendHeartbeat(id, used);
      setLost(false);
      if (Math.abs(Date.now() + reply.time_remaining_seconds * 1000 - endsAt) > 1500)
        setEndsAt(Date.now() + reply.time_remaining_seconds * 1000);
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) void client.invalidateQueries({ queryKey: timedSessionKey(id) });
      else setLost(true);
    }
  }, [running, endsAt, total, id, setLost, client]);

  useEffect(() => {
    if (!running || endsAt === null || !online) return;
    const timer = setInterval(() => void heartbeat(), HEARTBEAT_INTERVAL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void heartbeat();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [running, endsAt === null, online, heartbeat]); // eslint-disable-line react-hooks/exhaustive-deps

  // The browser's own online/offline signal; going online restarts the heartbeat (the effect above).
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [setOnline]);

  const start = useCallback(async () => {
    setStarting(true);
    startedHere.current = true;
    try {
      const reply = await startSession(id);
      client.setQueryData<TimedSessionState | null>(timedSessionKey(id), reply);
      // The questions are served once the read model has seen the start.
      await invalidateAt(client, questionsQueryKey(id), reply.position);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.message === TIMER_MESSAGES.sessionAlreadyActive) {
        startedHere.current = false;
        await client.invalidateQueries({ queryKey: timedSessionKey(id) });
      } else {
        console.error('Starting the timed assignment failed', err);
        startedHere.current = false;
        setStartError(TIMER_MESSAGES.startFailed);
      }
    } finally {
      setStarting(false);
    }
  }, [id, client]);

  let phase: TimedPhase = 'untimed';
  if (timed) {
    if (session.isPending) phase = 'loading';
    else if (!data) phase = 'not_started';
    else if (data.is_submitted) phase = 'submitted';
    else if (expired.current || remaining === 0) phase = 'expired';
    else phase = 'running';
  }

  return {
    timed,
    phase,
    session: data,
    remaining,
    banner,
    dismissBanner: () => setBanner(null),
    start: () => void start(),
    starting,
    startError,
    dismissStartError: () => setStartError(null),
    /** The automatic submission's alert; closing it after success goes to the list. */
    alert,
    closeAlert: () => {
      const ok = alert?.ok;
      setAlert(null);
      if (ok) onAutoSubmitted();
    },
    /** Questions load once the assignment is started or its session is already submitted. */
    questionsAllowed: !timed || (phase !== 'loading' && phase !== 'not_started'),
    /** Started, not yet submitted by time: leaving asks first. */
    guardLeave: timed && (phase === 'running' || (phase === 'expired' && !alert)),
  };
}
