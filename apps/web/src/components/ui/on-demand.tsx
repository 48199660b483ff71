import {
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
} from 'react';

export interface ActivateHandlers {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

interface OnDemandProps<P extends object> {
  /** The real component, made with React.lazy at module level; it mounts already open. */
  component: LazyExoticComponent<ComponentType<P>>;
  /** The same import as the lazy component's, to start loading on hover or focus. */
  preload: () => Promise<unknown>;
  props: P;
  /** What shows until then: a look-alike trigger that activates the real component. */
  standIn: (handlers: ActivateHandlers) => ReactElement;
}

/**
 * Keeps menus and dialogs (Radix and their positioning code) out of the first load: a light
 * stand-in shows until the user reaches for it, then the real component loads and opens.
 */
export function OnDemand<P extends object>({
  component: Component,
  preload,
  props,
  standIn,
}: OnDemandProps<P>) {
  const [active, setActive] = useState(false);
  const fallback = standIn({
    onClick: () => setActive(true),
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
  });
  if (!active) return fallback;
  return (
    <Suspense fallback={fallback}>
      <Component {...props} />
    </Suspense>
  );
}

/**
 * A component without props kept out of the first load: `load` imports the real one (its default
 * export, mounting open) and `StandIn` is the look-alike trigger shown until then.
 */
export function onDemand(
  load: () => Promise<{ default: ComponentType }>,
  StandIn: ComponentType<ActivateHandlers>,
) {
  const Component = lazy(load);
  return function OnDemandComponent() {
    return (
      <OnDemand
        component={Component}
        preload={load}
        props={{}}
        standIn={(handlers) => <StandIn {...handlers} />}
      />
    );
  };
}
