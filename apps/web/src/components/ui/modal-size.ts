/** SPEC section 2: xs 30rem (default), s 60rem, m 80vw; on tablets xs 30rem, s 70vw, m 90vw. */
export type ModalSize = 'xs' | 's' | 'm';
