package dev.idempotency.agent.vocabulary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The instrumentation groups this agent has, as each {@link GroupLibrary} registration describes
 * them: the names an operator may switch off with {@code instrumentation.disabled}, the entry
 * points first, then the HTTP clients, each by name (the registrations come from several jars,
 * whose order on a class path means nothing). The config checks names against these and the
 * instrumentation installs groups by them, so the two cannot disagree.
 */
public final class InstrumentationGroups {

    private static final Comparator<GroupDescription> BY_NAME = Comparator.comparing(GroupDescription::name);

    private static volatile List<GroupLibrary> libraries;
    private static volatile List<GroupDescription> loaded;

    private InstrumentationGroups() {
    }

    /**
     * The registrations, found once for the config and the instrumentation alike: the engine takes
     * its groups from the same instances rather than reading the service files again.
     */
    public static List<GroupLibrary> libraries() {
        List<GroupLibrary> found = libraries;
        if (found == null) {
            List<GroupLibrary> all = new ArrayList<>();
            for (GroupLibrary library : ServiceLoader.load(GroupLibrary.class, GroupLibrary.class.getClassLoader())) {
                all.add(library);
            }
            found = Collections.unmodifiableList(all);
            libraries = found;
        }
        return found;
    }

    /**
     * Every group.
     *
     * @throws IllegalStateException when two registrations describe one name: the build's mistake,
     *     which would leave an operator unable to tell the groups apart
     */
    public static List<GroupDescription> all() {
        List<GroupDescription> groups = loaded;
        if (groups == null) {
            List<GroupDescription> entryPoints = new ArrayList<>();
            List<GroupDescription> clients = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (GroupLibrary library : libraries()) {
                for (GroupDescription group : library.described()) {
                    if (!names.add(group.name())) {
                        throw new IllegalStateException(library.getClass().getName() + " describes the group "
                                + group.name() + ", which another registration describes too: every group "
                                + "needs a name of its own");
                    }
                    (group.isEntryPoint() ? entryPoints : clients).add(group);
                }
            }
            entryPoints.sort(BY_NAME);
            clients.sort(BY_NAME);
            entryPoints.addAll(clients);
            groups = Collections.unmodifiableList(entryPoints);
            loaded = groups;
        }
        return groups;
    }

    /** The names of {@link #all()}, in its order. */
    public static List<String> names() {
        List<String> names = new ArrayList<>();
        for (GroupDescription group : all()) {
            names.add(group.name());
        }
        return names;
    }

    /** The group named {@code name}, or {@code null}. */
    public static GroupDescription named(String name) {
        for (GroupDescription group : all()) {
            if (group.name().equals(name)) {
                return group;
            }
        }
        return null;
    }

    /** The groups of entry points: the requests the agent protects. */
    public static List<GroupDescription> entryPoints() {
        List<GroupDescription> entryPoints = new ArrayList<>();
        for (GroupDescription group : all()) {
            if (group.isEntryPoint()) {
                entryPoints.add(group);
            }
        }
        return entryPoints;
    }
}
