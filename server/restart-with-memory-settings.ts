/** Imported first by server/index.ts: the server restarts itself with its memory settings before it loads anything. */
import { restartWithMemorySettings } from "./memory.ts";

restartWithMemorySettings();
