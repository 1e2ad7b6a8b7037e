package dev.idempotency.agent.tooling;

import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.GroupLibrary;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Every instrumentation group the agent has, as the {@link InstrumentationLibrary} registrations
 * give them, and the ones an operator left on: the entry points, and the HTTP clients of the
 * application's own loaders (the JDK's are {@link JdkClients}).
 */
final class InstrumentationCatalog {

    private InstrumentationCatalog() {
    }

    /** The entry points, in the order of {@code InstrumentationGroups.names()}. */
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
     * The registrations, read once. A group its library does not describe, or a description no group
     * of its library serves, is the build's mistake: the agent refuses to start rather than leave a
     * group no operator could switch off, or a name the config takes that switches nothing off.
     */
    private static final class Registered {

        private static final List<InstrumentationGroup> ALL = load();
        static final List<InstrumentationGroup> ENTRY_POINTS = withRoles(GroupRole.SERVLET, GroupRole.JAXRS);
        static final List<InstrumentationGroup> CLIENTS = withRoles(GroupRole.DOWNSTREAM_CLIENT);
        static final List<InstrumentationGroup> ENTRY_POINTS_AND_CLIENTS =
                withRoles(GroupRole.SERVLET, GroupRole.JAXRS, GroupRole.DOWNSTREAM_CLIENT);

        private static List<InstrumentationGroup> load() {
            List<InstrumentationGroup> groups = new ArrayList<>();
            for (GroupLibrary library : InstrumentationGroups.libraries()) {
                if (library instanceof InstrumentationLibrary) {
                    groups.addAll(checked((InstrumentationLibrary) library));
                }
            }
            List<String> names = InstrumentationGroups.names();
            groups.sort(Comparator.comparingInt(group -> names.indexOf(group.group())));
            return groups;
        }

        /** The library's groups, each described once. */
        private static List<InstrumentationGroup> checked(InstrumentationLibrary library) {
            List<String> described = new ArrayList<>();
            for (GroupDescription description : library.described()) {
                described.add(description.name());
            }
            List<InstrumentationGroup> groups = new ArrayList<>(library.groups());
            Set<String> served = new HashSet<>();
            for (InstrumentationGroup group : groups) {
                if (!described.contains(group.group()) || !served.add(group.group())) {
                    throw new IllegalStateException(library.getClass().getName() + " gives the group " + group.group()
                            + ", which it does not describe or gives twice: every group needs a name of its own "
                            + "that the config knows");
                }
            }
            if (served.size() != described.size()) {
                throw new IllegalStateException(library.getClass().getName() + " describes " + described
                        + " but gives groups for " + served + " only: the config would take a name that switches "
                        + "nothing off");
            }
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
