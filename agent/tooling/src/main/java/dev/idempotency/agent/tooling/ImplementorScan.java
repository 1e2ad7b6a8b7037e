package dev.idempotency.agent.tooling;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Answers "might this class implement one of a group's entry interfaces ({@code Servlet},
 * {@code Filter}, ...)?" from class file headers alone, remembering the answer for every type name
 * it has seen, per class loader. A supertype that is not loaded yet is read as a resource
 * ({@link ClassFileResources}), header only. Byte Buddy's precise matcher then runs on the few
 * classes that pass; the thousands of container and library classes never reach it.
 */
final class ImplementorScan {

    /** Deeper than any real hierarchy: past it, let the precise matcher decide. */
    private static final int MAX_DEPTH = 64;

    private final Set<String> targets;
    private final ClassFileResources classFiles;
    private final Map<ClassLoader, Map<String, Boolean>> known = Collections.synchronizedMap(new WeakHashMap<>());

    /** @param targets internal names of the interfaces to look for ({@code javax/servlet/Servlet}) */
    ImplementorScan(Set<String> targets, ClassFileResources classFiles) {
        this.targets = targets;
        this.classFiles = classFiles;
    }

    /** Internal names of the interfaces looked for. */
    Set<String> targets() {
        return targets;
    }

    /**
     * True when the class defined by {@code bytes} is concrete and reaches a target, or when part of
     * its hierarchy cannot be read (then the precise matcher decides, and reports).
     */
    boolean mayImplement(ClassLoader loader, String internalName, byte[] bytes) {
        ClassFileHeader header = ClassFileHeader.parse(bytes);
        if (header == null) {
            return false;
        }
        Map<String, Boolean> memo = memoOf(loader);
        boolean reaches = reachesAny(loader, memo, header, 0);
        memo.put(internalName, reaches);
        return reaches && !header.isInterface();
    }

    private boolean reachesAny(ClassLoader loader, Map<String, Boolean> memo, ClassFileHeader header, int depth) {
        if (header.superName() != null && reaches(loader, memo, header.superName(), depth)) {
            return true;
        }
        for (String name : header.interfaceNames()) {
            if (reaches(loader, memo, name, depth)) {
                return true;
            }
        }
        return false;
    }

    private boolean reaches(ClassLoader loader, Map<String, Boolean> memo, String name, int depth) {
        if (targets.contains(name)) {
            return true;
        }
        if (name.startsWith("java/")) {
            return false; // the JDK implements no host API's entry interface
        }
        Boolean seen = memo.get(name);
        if (seen != null) {
            return seen;
        }
        ClassFileHeader header = depth < MAX_DEPTH ? read(loader, name) : null;
        boolean result = header == null || reachesAny(loader, memo, header, depth + 1);
        memo.put(name, result);
        return result;
    }

    private Map<String, Boolean> memoOf(ClassLoader loader) {
        return known.computeIfAbsent(loader, ignored -> new ConcurrentHashMap<>());
    }

    private ClassFileHeader read(ClassLoader loader, String name) {
        try (InputStream in = classFiles.open(loader, name)) {
            return in == null ? null : ClassFileHeader.parse(NestedJar.readAll(in));
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }
}
