import { definePatternRule } from "../pattern-rule.ts";

export const springCsrfDisabled = definePatternRule({
  hazard: "spring-csrf-disabled",
  category: "security",
  title: "Spring Security CSRF protection disabled",
  severity: "med",
  confidence: "high",
  lifecycle: "preview",
  cwe: [352],
  controls: ["SAST-CFG-01"],
  docs: {
    summary:
      "A Spring Security filter chain turns CSRF protection off: `http.csrf().disable()`, `http.csrf(csrf -> csrf.disable())` or `http.csrf(AbstractHttpConfigurer::disable)`.",
    whyItMatters:
      "Browsers send session cookies with requests other sites trigger; without the CSRF token check, a page the user visits can submit forms and state-changing requests in their name.",
    remediation:
      "Keep CSRF protection on for any endpoint a browser session can reach; exempt only stateless token-authenticated APIs with `ignoringRequestMatchers(...)` instead of disabling it for everything.",
    example: 'http.csrf(csrf -> csrf.ignoringRequestMatchers("/api/webhooks/**"));',
    references: ["https://docs.spring.io/spring-security/reference/servlet/exploits/csrf.html"],
  },
});
