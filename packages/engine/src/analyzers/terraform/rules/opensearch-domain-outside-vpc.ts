import { judge, settingRule } from "../checks.ts";

export const opensearchDomainOutsideVpc = settingRule(
  {
    id: "terraform/opensearch-domain-outside-vpc",
    analyzer: "terraform",
    title: "OpenSearch domain with a public endpoint",
    severity: "med",
    confidence: "medium",
    lifecycle: "stable",
    cwe: [284],
    controls: ["IAC-NET-04"],
    docs: {
      summary:
        "An `aws_opensearch_domain` (or `aws_elasticsearch_domain`) has no `vpc_options`, so it gets a public endpoint.",
      whyItMatters:
        "A public endpoint is reachable from the internet; only the domain's access policy stands between it and every index.",
      remediation: "Add `vpc_options { subnet_ids = …, security_group_ids = … }` (it forces a new domain).",
      example:
        'resource "aws_opensearch_domain" "search" {\n  vpc_options {\n    subnet_ids         = [aws_subnet.private.id]\n    security_group_ids = [aws_security_group.search.id]\n  }\n}',
    },
  },
  {
    types: ["aws_opensearch_domain", "aws_elasticsearch_domain"],
    path: ["vpc_options"],
    attribute: "subnet_ids",
    judge: judge.nonEmptyList,
    whenMissing: "unsafe",
    problem: "has a public endpoint",
  },
);
