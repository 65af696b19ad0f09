import { create } from 'zustand';
import { TOAST_DURATION_MS, TOAST_FADE_MS } from '@evergrade/contracts';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export type Toast = { id: number; kind: ToastKind; message: string; leaving: boolean };

type ToastState = {
  toasts: Toast[];
  show: (kind: ToastKind, message: string, durationMs?: number) => number;
  dismiss: (id: number) => void;
};

let nextId = 1;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, message, durationMs = TOAST_DURATION_MS) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, kind, message, leaving: false }] }));
    setTimeout(() => get().dismiss(id), durationMs);
    return id;
  },
  dismiss: (id) => {
    if (!get().toasts.some((t) => t.id === id && !t.leaving)) return;
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) }));
    setTimeout(() => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })), TOAST_FADE_MS);
  },
}));

export const toast = {
  success: (message: string) => useToastStore.getState().show('success', message),
  error: (message: string) => useToastStore.getState().show('error', message),
  warning: (message: string) => useToastStore.getState().show('warning', message),
  info: (message: string) => useToastStore.getState().show('info', message),
};
