package dev.idempotency.agent.tooling;

import dev.idempotency.agent.bootstrap.Bridge;

/**
 * Whether a class loader sees the bridge the agent defined in the boot loader, and, when it does
 * not, what the operator can do about it. Module systems decide per package what reaches the boot
 * loader; the agent teaches JBoss Modules itself ({@link BootDelegation}), and names the setting
 * for the others.
 */
public final class BridgeVisibility {

    static final Class<?> BRIDGE = Bridge.class;
    static final String PACKAGE = Bridge.class.getName().substring(0, Bridge.class.getName().lastIndexOf('.'));

    private BridgeVisibility() {
    }

    /** The cause, in words, and the fix for the kind of loader at hand. */
    static String explain(ClassLoader loader, Throwable failure) {
        String cause = withRootCause(failure);
        if (!(failure instanceof NotVisible)) {
            return cause;
        }
        return cause + ". Fix: " + fixFor(loader.getClass().getName());
    }

    /** {@code failure}, and its innermost cause when that says something the failure does not. */
    public static String withRootCause(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String said = String.valueOf(failure);
        return root == failure || said.contains(String.valueOf(root)) ? said : said + ", caused by " + root;
    }

    private static String fixFor(String loaderType) {
        if (loaderType.startsWith("org.jboss.modules.")) {
            return "add " + PACKAGE + " to the system property jboss.modules.system.pkgs (the agent's own delegation "
                    + "for JBoss Modules did not take effect: check the warnings before this one)";
        }
        if (loaderType.startsWith("org.eclipse.osgi.") || loaderType.startsWith("org.apache.felix.")
                || loaderType.contains(".osgi.")) {
            return "add " + PACKAGE + ".* to the OSGi property org.osgi.framework.bootdelegation";
        }
        return "make the loader " + loaderType + " delegate the package " + PACKAGE + " to the boot class loader "
                + "(its parent-first or system-packages setting)";
    }

    /** The loader does not resolve the bridge to the boot loader's copy. */
    static final class NotVisible extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        NotVisible(ClassLoader loader, Throwable why) {
            super(loader + " cannot see the agent's bridge " + PACKAGE + " in the boot class loader", why);
        }
    }
}
