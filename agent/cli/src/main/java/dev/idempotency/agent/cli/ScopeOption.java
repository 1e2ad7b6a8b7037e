package dev.idempotency.agent.cli;

/** {@code --scope S}: the scope value as stored; absent means the global scope of {@code scope: none}. */
final class ScopeOption {

    private ScopeOption() {
    }

    static String of(Arguments arguments) {
        String scope = arguments.value("scope");
        return scope == null || scope.equals(RecordText.NO_SCOPE) ? "" : scope;
    }
}
