// A catalogue control in the API's shape: its code doubles as its id.
import type { Control } from "@rampart/policy";

export function controlBody(control: Control) {
  return {
    id: control.code,
    code: control.code,
    title: control.title,
    description: control.description,
    severity: control.severity,
    tags: [...control.tags],
    version: control.version,
  };
}
