/**
 * Placeholder: this module is being written (see DESIGN.md §1 for its public names).
 *
 * @module ik
 */

export {};
