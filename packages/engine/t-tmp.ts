import { parseDocument, isMap, isScalar, isSeq, isPair } from "yaml";
const text = `on: push
jobs:
  a:
    steps:
      - run: |
          echo "\${{ github.event.issue.title }}"
      - run: >
          echo hi
          \${{ github.head_ref }}
      - uses: x@v1 # c
`;
const doc = parseDocument(text);
const jobs = doc.get("jobs", true);
const steps = jobs.items[0].value.get("steps", true);
for (const s of steps.items) { const p = s.items[0]; console.log(p.key.range, p.value.range, p.value.type, JSON.stringify(p.value.source), JSON.stringify(text.slice(p.value.range[0], p.value.range[1])), s.range); }
console.log(doc.errors.length, doc.contents.range);
