/**
 * Thrown by an exercise that has not been written yet. The checker reports such an exercise as
 * "not started" rather than failing, and the notebooks' "your turn" panels show it the same way.
 */
export class NotImplemented extends Error {
  constructor(what: string) {
    super(`${what} is not implemented yet — this is your exercise!`);
    this.name = "NotImplemented";
  }
}
