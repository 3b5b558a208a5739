// Stamps `runId`, a per-run `seq` and `time` on the events a Run emits.
import type { RunEvent, UnstampedRunEvent } from '../../src/events/runEvent.js';

/** Numbers a Run's events in the order its transitions produce them. */
export class EventStamper {
  private seq = 0;

  constructor(
    readonly runId: string,
    private readonly now: () => number,
  ) {}

  stamp(event: UnstampedRunEvent): RunEvent {
    const stamped = event as RunEvent;
    stamped.runId = this.runId;
    stamped.seq = this.seq++;
    stamped.time = this.now();
    return stamped;
  }

  /** A stamper that continues this one's sequence independently: for pure traversals of the Run machine. */
  clone(): EventStamper {
    return Object.assign(Object.create(EventStamper.prototype) as EventStamper, this);
  }
}
