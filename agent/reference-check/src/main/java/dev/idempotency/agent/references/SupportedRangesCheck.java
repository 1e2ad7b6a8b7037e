package dev.idempotency.agent.references;

import static org.assertj.core.api.Assertions.assertThat;

import dev.idempotency.agent.references.CheckedJars.ApiVersion;
import dev.idempotency.agent.vocabulary.GroupDescription;
import dev.idempotency.agent.vocabulary.GroupLibrary;
import dev.idempotency.agent.vocabulary.InstrumentationGroups;
import dev.idempotency.agent.vocabulary.SupportedRange;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The range each group of the module under check claims (its {@link SupportedRange}, what the agent
 * and the docs tell an operator, found as the agent finds it) is the range the module's pom checks:
 * its lowest and highest versions are the range's ends, and the version below it lies below. Without
 * this, the versions listed in the pom and the range told could drift apart unnoticed.
 */
class SupportedRangesCheck {

    private static final Pattern MINOR_LINE = Pattern.compile("-(\\d+)\\.(\\d+)[^-]*$");

    @Test
    void theCheckedVersionsOfEachGroupSpanExactlyTheRangeItClaims() {
        List<String> wrong = new ArrayList<>();
        assertThat(ranged()).as("the groups this module registers").isNotEmpty();
        for (GroupDescription group : ranged()) {
            SupportedRange range = group.range();
            String jar = CheckedJars.spanningJarOf(group.name()).orElse(range.adapterJar());
            List<String> lines = CheckedJars.apiVersionsOf(jar).stream().map(SupportedRangesCheck::minorLine)
                    .sorted(BY_VERSION).collect(Collectors.toList());
            if (lines.isEmpty()) {
                wrong.add(group + ": " + jar + " is checked against no version");
                continue;
            }
            String lowest = lines.get(0);
            String highest = lines.get(lines.size() - 1);
            if (!lowest.equals(range.lowest()) || !highest.equals(range.highest())) {
                wrong.add(group + " claims " + range.versions() + ", but " + jar + " is checked from "
                        + lowest + " to " + highest);
            }
            for (ApiVersion below : CheckedJars.belowRangeOf(jar)) {
                if (BY_VERSION.compare(minorLine(below), range.lowest()) >= 0) {
                    wrong.add(group + ": " + below.name() + " is checked as below the range, but is not");
                }
            }
        }
        assertThat(wrong).isEmpty();
    }

    @Test
    void theModuleNestsExactlyTheAdapterJarsOfItsGroups() {
        Set<String> served = ranged().stream().map(group -> group.range().adapterJar()).collect(Collectors.toSet());
        Set<String> nested = CheckedJars.adapterJars().stream().map(jar -> jar.getFileName().toString())
                .collect(Collectors.toSet());
        assertThat(nested).as("the adapter jars the module nests, against those its groups name").isEqualTo(served);
    }

    /**
     * The groups this module registers that claim a range (the JDK's own do not), found as the agent
     * finds them; those of other modules on its class path are theirs to check.
     */
    private static List<GroupDescription> ranged() {
        return InstrumentationGroups.libraries().stream().filter(SupportedRangesCheck::isThisModules)
                .flatMap(library -> library.described().stream()).filter(GroupDescription::hasRange)
                .collect(Collectors.toList());
    }

    private static boolean isThisModules(GroupLibrary library) {
        try {
            Path origin = Path.of(library.getClass().getProtectionDomain().getCodeSource().getLocation().toURI());
            return origin.equals(CheckedJars.moduleClasses());
        } catch (URISyntaxException unreadable) {
            throw new IllegalStateException(unreadable);
        }
    }

    /** {@code jersey-2.25.1} as {@code 2.25}, {@code resteasy-6.2.0.Final} as {@code 6.2}. */
    private static String minorLine(ApiVersion version) {
        Matcher matcher = MINOR_LINE.matcher(version.name());
        if (!matcher.find()) {
            throw new IllegalStateException("no version in the directory name " + version.name());
        }
        return Integer.parseInt(matcher.group(1)) + "." + Integer.parseInt(matcher.group(2));
    }

    private static final Comparator<String> BY_VERSION = Comparator
            .comparingInt((String line) -> Integer.parseInt(line.substring(0, line.indexOf('.'))))
            .thenComparingInt(line -> Integer.parseInt(line.substring(line.indexOf('.') + 1)));
}
