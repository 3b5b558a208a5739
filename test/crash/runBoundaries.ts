// The named boundaries of a Run at which a crash-test worker kills itself (durableRun.child.ts).
export const BOUNDARIES = ['afterAssistantWritten', 'afterOnceEffect', 'insideIdempotent', 'awaitingApproval', 'whileStreaming'] as const;
export type Boundary = (typeof BOUNDARIES)[number];
