/** Placeholder: the figures of a chapter being written. */
export {};
