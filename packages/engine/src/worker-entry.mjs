// Worker threads start without the parent's module loaders, so register tsx before loading the
// engine's TypeScript. Plain JavaScript on purpose: this file must load before any loader exists.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
