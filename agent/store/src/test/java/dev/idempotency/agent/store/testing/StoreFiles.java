package dev.idempotency.agent.store.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/** An embedded store's file on disk, as a test of its compaction sees it. */
public final class StoreFiles {

    private StoreFiles() {
    }

    public static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file system's identity of the file (device and inode here), which a file renamed over it changes. */
    public static Object identity(Path file) {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code file} is a new file in the place of the one of {@code identityBefore}, at most
     * {@code bytesPerRecord} a record of {@code records}, with no copy's temporary file left beside it.
     */
    public static void assertReplacedByACopy(Path file, Object identityBefore, long bytesBefore, int records,
            int bytesPerRecord) {
        assertThat(identity(file)).as("a new file in the old one's place").isNotEqualTo(identityBefore);
        assertThat(size(file) / records).as("bytes of file per record after the close, against %d before it",
                bytesBefore / records).isLessThan(bytesPerRecord);
        assertThat(file.getParent()).isDirectoryNotContaining("glob:**.tempFile");
    }
}
