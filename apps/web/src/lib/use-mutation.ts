import {
  useMutation as useQueryMutation,
  type DefaultError,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef } from 'react';

/** What a call of mutate() does once its answer is in: its own follow-up, besides the hook's. */
export interface MutateCallbacks<TData, TError, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: TError, variables: TVariables) => void;
}

/** TanStack's result with this mutate(), state by state, so `isSuccess` still tells that `data` is there. */
export type Mutation<TData, TError, TVariables> = WithMutate<
  UseMutationResult<TData, TError, TVariables>,
  TData,
  TError,
  TVariables
>;
type WithMutate<R, TData, TError, TVariables> = R extends unknown
  ? Omit<R, 'mutate'> & {
      mutate: (variables: TVariables, callbacks?: MutateCallbacks<TData, TError, TVariables>) => void;
    }
  : never;

/**
 * TanStack Query's useMutation, whose mutate(variables, { onSuccess, onError }) always follows up while the
 * screen that called it is still there (decision 060).
 *
 * TanStack calls the callbacks given to mutate() only while its observer has a listener, and the listener is
 * added by useSyncExternalStore in an effect. Preact runs effects after the next paint, so a tap or an Enter in
 * the first frame after a screen appears ran the call but lost its follow-up: no error toast, no move to the
 * next screen. Here the follow-up hangs on the call's own promise, and a layout effect (run as the screen is
 * drawn) tells whether the screen is still there when the answer comes, as TanStack's own rule has it.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void>(
  options: UseMutationOptions<TData, TError, TVariables>,
): Mutation<TData, TError, TVariables> {
  const mutation = useQueryMutation(options);
  const { mutateAsync } = mutation;
  const mounted = useRef(false);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (variables: TVariables, callbacks: MutateCallbacks<TData, TError, TVariables> = {}) => {
      mutateAsync(variables).then(
        (data) => {
          if (mounted.current) callbacks.onSuccess?.(data, variables);
        },
        (error: TError) => {
          // The failure is also the mutation's state (error, isError); a caller without onError reads it there.
          if (mounted.current) callbacks.onError?.(error, variables);
        },
      );
    },
    [mutateAsync],
  );
  return { ...mutation, mutate } as Mutation<TData, TError, TVariables>;
}
