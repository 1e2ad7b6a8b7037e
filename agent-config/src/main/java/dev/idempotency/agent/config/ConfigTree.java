package dev.idempotency.agent.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/** Reads a config file into a tree: YAML or JSON by the file's extension, otherwise by its content. */
final class ConfigTree {

    // Duplicate keys would otherwise let the last one win in silence.
    // Parsers only, no data binding: see StreamedTree.
    private static final JsonFactory YAML = YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
    private static final JsonFactory JSON = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

    private ConfigTree() {
    }

    /** The tree of the file, or {@code null} after reporting why there is none. */
    static JsonNode read(Path file, ProblemList problems) {
        if (Files.isDirectory(file)) {
            problems.add("", null, "is a directory; give the path of a .yaml, .yml or .json file");
            return null;
        }
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            problems.add("", null, "file not found (a relative path starts from the working directory)");
            return null;
        } catch (AccessDeniedException e) {
            problems.add("", null, "cannot be read: permission denied");
            return null;
        } catch (IOException e) {
            problems.add("", null, "cannot be read: " + e);
            return null;
        }
        return parse(String.valueOf(file.getFileName()), new String(bytes, StandardCharsets.UTF_8), problems);
    }

    /** The tree of a config text, or {@code null} after reporting why there is none. */
    static JsonNode parse(String fileName, String text, ProblemList problems) {
        if (text.trim().isEmpty()) {
            problems.add("", null, "is empty; declare at least the endpoints to protect");
            return null;
        }
        boolean json = isJson(fileName, text);
        try (JsonParser parser = (json ? JSON : YAML).createParser(text)) {
            JsonNode tree = StreamedTree.read(parser);
            if (tree == null || tree.isNull()) {
                problems.add("", null, "is empty; declare at least the endpoints to protect");
                return null;
            }
            if (!tree.isObject()) {
                problems.add("", null, "must hold a mapping of fields at the top, like service-name, store and endpoints");
                return null;
            }
            return tree;
        } catch (JsonProcessingException e) {
            problems.add("", null, location(e) + "not valid " + (json ? "JSON" : "YAML") + ": " + reason(e));
            return null;
        } catch (IOException e) {
            problems.add("", null, "cannot be read: " + e);
            return null;
        }
    }

    private static boolean isJson(String fileName, String text) {
        String name = fileName.toLowerCase(Locale.ROOT);
        if (name.endsWith(".json")) {
            return true;
        }
        if (name.endsWith(".yaml") || name.endsWith(".yml")) {
            return false;
        }
        return text.trim().startsWith("{");
    }

    private static String location(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        return at == null || at.getLineNr() < 1 ? "" : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ";
    }

    /** The parser's reason on one line, without its own location and source echo. */
    private static String reason(JsonProcessingException e) {
        if (e.getCause() instanceof MarkedYAMLException) {
            MarkedYAMLException yaml = (MarkedYAMLException) e.getCause();
            Mark start = yaml.getContextMark();
            return yaml.getProblem() + (yaml.getContext() == null || start == null ? ""
                    : " (" + yaml.getContext() + " that starts at line " + (start.getLine() + 1)
                            + ", column " + (start.getColumn() + 1) + ")");
        }
        String reason = e.getOriginalMessage().replaceAll("\\s+", " ").trim();
        return reason.replaceAll(" \\(for [^\\[]*\\[Source:.*$", "");
    }
}
