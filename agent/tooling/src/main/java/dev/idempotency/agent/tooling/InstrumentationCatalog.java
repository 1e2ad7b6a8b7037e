package dev.idempotency.agent.tooling;

import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * Every instrumentation group the agent has, as the {@link InstrumentationLibrary} registrations
 * give them, and the ones an operator left on: the entry points, and the HTTP clients of the
 * application's own loaders (the JDK's are {@link JdkClients}).
 */
final class InstrumentationCatalog {

    private InstrumentationCatalog() {
    }

    /** The entry points, in the order of {@code InstrumentationGroups.ALL}. */
    static List<InstrumentationGroup> all() {
        return Registered.ENTRY_POINTS;
    }

    /** The HTTP client libraries an application brings, whose unsafe calls carry derived keys. */
    static List<InstrumentationGroup> clients() {
        return Registered.CLIENTS;
    }

    /** {@link #all()}, and the {@link #clients()} when {@code withClients}. */
    static List<InstrumentationGroup> all(boolean withClients) {
        return withClients ? Registered.ENTRY_POINTS_AND_CLIENTS : Registered.ENTRY_POINTS;
    }

    /** Those of {@code all} whose group is not in {@code disabledGroups}. */
    static List<InstrumentationGroup> enabled(List<InstrumentationGroup> all, Collection<String> disabledGroups) {
        List<InstrumentationGroup> enabled = new ArrayList<>();
        for (InstrumentationGroup instrumentation : all) {
            if (!disabledGroups.contains(instrumentation.group())) {
                enabled.add(instrumentation);
            }
        }
        return enabled;
    }

    /**
     * The registrations, read once. A group the config cannot name, or named twice, is the build's
     * mistake: the agent refuses to start rather than leave a group no operator could switch off.
     */
    private static final class Registered {

        private static final List<InstrumentationGroup> ALL = load();
        static final List<InstrumentationGroup> ENTRY_POINTS = withRoles(GroupRole.SERVLET, GroupRole.JAXRS);
        static final List<InstrumentationGroup> CLIENTS = withRoles(GroupRole.DOWNSTREAM_CLIENT);
        static final List<InstrumentationGroup> ENTRY_POINTS_AND_CLIENTS =
                withRoles(GroupRole.SERVLET, GroupRole.JAXRS, GroupRole.DOWNSTREAM_CLIENT);

        private static List<InstrumentationGroup> load() {
            List<InstrumentationGroup> groups = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (InstrumentationLibrary library
                    : ServiceLoader.load(InstrumentationLibrary.class, InstrumentationLibrary.class.getClassLoader())) {
                for (InstrumentationGroup group : library.groups()) {
                    if (!InstrumentationGroups.ALL.contains(group.group()) || !names.add(group.group())) {
                        throw new IllegalStateException(library.getClass().getName() + " registers the group "
                                + group.group() + ", which InstrumentationGroups.ALL does not list or another "
                                + "registration has: every group needs a name of its own that the config knows");
                    }
                    groups.add(group);
                }
            }
            groups.sort(Comparator.comparingInt(group -> InstrumentationGroups.ALL.indexOf(group.group())));
            return groups;
        }

        private static List<InstrumentationGroup> withRoles(GroupRole... roles) {
            List<GroupRole> wanted = Arrays.asList(roles);
            List<InstrumentationGroup> found = new ArrayList<>();
            for (InstrumentationGroup group : ALL) {
                if (wanted.contains(group.role())) {
                    found.add(group);
                }
            }
            return Collections.unmodifiableList(found);
        }
    }
}
