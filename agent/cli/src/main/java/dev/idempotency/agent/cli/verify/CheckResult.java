package dev.idempotency.agent.cli.verify;

/** The outcome of one check on one endpoint. */
final class CheckResult {

    /** REFUSED: the application itself turned the check's operation down, so it says nothing about the agent. */
    enum Outcome { PASSED, FAILED, REFUSED, SKIPPED }

    final String endpoint;
    final String check;
    final Outcome outcome;
    /** For a failure: what was expected and what came; for a refusal: the application's answer; for a skip: why. Empty when passed. */
    final String detail;

    private CheckResult(String endpoint, String check, Outcome outcome, String detail) {
        this.endpoint = endpoint;
        this.check = check;
        this.outcome = outcome;
        this.detail = detail;
    }

    static CheckResult passed(String endpoint, String check) {
        return new CheckResult(endpoint, check, Outcome.PASSED, "");
    }

    static CheckResult failed(String endpoint, String check, String detail) {
        return new CheckResult(endpoint, check, Outcome.FAILED, detail);
    }

    static CheckResult refused(String endpoint, String check, String answer) {
        return new CheckResult(endpoint, check, Outcome.REFUSED, answer);
    }

    static CheckResult skipped(String endpoint, String check, String why) {
        return new CheckResult(endpoint, check, Outcome.SKIPPED, why);
    }
}
