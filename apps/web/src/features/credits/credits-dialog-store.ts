type Listener = () => void;
const listeners = new Set<Listener>();
let open = false;

/** Whether the credits-exhausted dialog is open; any code may open it (code 100002, events). */
export const creditsDialogStore = {
  get: () => open,
  set: (next: boolean) => {
    open = next;
    for (const listener of listeners) listener();
  },
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Where the user was when they chose "Buy credits", so the pricing page can send them back. */
export const PAY_RETURN_PATH_KEY = 'payReturnPath';
