package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.h2.H2Dialect;
import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;

import static dev.idempotency.agent.store.jdbc.VolumeConsole.say;

import dev.idempotency.agent.store.mvstore.FileStores;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Whether the volume benchmark has the disk for what it will write, checked before it writes anything. */
final class VolumeDisk {

    private VolumeDisk() {
    }

    /**
     * Refuses to start when the disk that will hold the table has less room than the records are
     * assumed to take (with a margin); a server on another host has its disk checked by its owner.
     */
    static boolean enoughDisk(VolumeOptions options, Dialect dialect) throws IOException {
        long perRecord = options.assumedBytesPerRecord > 0 ? options.assumedBytesPerRecord
                : dialect == null || dialect instanceof H2Dialect ? 12_000 : dialect instanceof MariaDbDialect ? 3_000 : 2_500;
        long records = options.churnLive > 0 ? options.churnWritten() : options.largest() + options.expired();
        long needed = records * perRecord + records * perRecord / 4 + (1L << 30);
        Path where = options.diskPath;
        if (where == null && dialect == null) {
            where = FileStores.storeFile(options.url).toAbsolutePath().getParent();
        }
        if (where == null && dialect instanceof H2Dialect) {
            Path file = H2Dialect.databaseFile(options.url);
            where = file == null ? null : file.toAbsolutePath().getParent();
        }
        if (where == null && local(options.url)) {
            where = Path.of(".").toAbsolutePath();
        }
        if (where == null) {
            System.err.printf(Locale.ROOT, "volume benchmark: the database's disk needs about %,d MB free; not checked "
                    + "(a remote server: pass --disk-path to check a local path)%n", needed >> 20);
            return true;
        }
        Files.createDirectories(where);
        long free = Files.getFileStore(where).getUsableSpace();
        if (free < needed) {
            System.err.printf(Locale.ROOT, "volume benchmark: refusing to start: %,d records at about %,d bytes each need "
                    + "%,d MB free, %s has %,d MB (fewer --records, or --bytes-per-record if you know better)%n",
                    records, perRecord, needed >> 20, where, free >> 20);
            return false;
        }
        say("disk: %,d MB needed (%,d bytes per record assumed), %,d MB free at %s", needed >> 20, perRecord,
                free >> 20, where);
        return true;
    }

    private static boolean local(String url) {
        return url.contains("//127.0.0.1") || url.contains("//localhost") || url.contains("//[::1]");
    }
}
