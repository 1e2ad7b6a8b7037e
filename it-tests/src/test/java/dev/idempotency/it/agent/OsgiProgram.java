package dev.idempotency.it.agent;

import java.util.Map;
import java.util.ServiceLoader;
import org.osgi.framework.Bundle;
import org.osgi.framework.Constants;
import org.osgi.framework.launch.Framework;
import org.osgi.framework.launch.FrameworkFactory;

/**
 * Starts the OSGi framework on its class path (Apache Felix or Eclipse Equinox) with its default
 * configuration (no boot delegation property), installs the bundle named by the first argument,
 * prints what {@link BridgeProbe} inside it finds, and stops the framework.
 * Arguments: bundle jar, framework storage directory.
 */
public final class OsgiProgram {

    private OsgiProgram() {
    }

    public static void main(String[] args) throws Exception {
        FrameworkFactory factory = ServiceLoader.load(FrameworkFactory.class).iterator().next();
        Framework framework = factory.newFramework(Map.of(
                Constants.FRAMEWORK_STORAGE, args[1],
                Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT));
        framework.start();
        try {
            Bundle bundle = framework.getBundleContext().installBundle("file:" + args[0]);
            bundle.start();
            Class<?> probe = bundle.loadClass(BridgeProbe.class.getName());
            System.out.println("framework: " + framework.getSymbolicName());
            System.out.println("probe loaded by a bundle's loader: "
                    + (probe.getClassLoader() != OsgiProgram.class.getClassLoader()));
            System.out.println(probe.getMethod("report").invoke(null));
        } finally {
            framework.stop();
            framework.waitForStop(10_000);
        }
    }
}
