package dev.idempotency.agent.store.mvstore;

import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.jdbc.h2.SqlFileRecords;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The upgrade from the SQL store's file: where {@code mvstore:<path>} finds no
 * {@code <path>.mvstore} but the SQL store's {@code <path>.mv.db}, it imports that file's live
 * records (in flight or completed, with their tokens, leases and attempts) once, before the store
 * opens; the SQL engine is loaded for that only. The import is written to a file of its own,
 * which takes the store file's name only once complete, so a start killed midway imports again
 * from the start; then the old file is renamed {@code <path>.mv.db.imported} and kept, never read
 * again. A SQL file found beside an existing store file is left alone and said once per start.
 */
final class SqlFileImport {

    private static final Logger LOG = LoggerFactory.getLogger(SqlFileImport.class);
    static final String SQL_FILE_SUFFIX = ".mv.db";
    static final String IMPORTED_SUFFIX = ".imported";
    private static final String IMPORTED_FROM = "imported-from";
    /** Records per commit while importing: bounds the memory the import's unsaved pages take. */
    private static final int COMMIT_EVERY = 1_000;

    private SqlFileImport() {
    }

    /** Imports into {@code storeFile} the SQL store's file beside {@code base}, if there is one to import. */
    static void importIfPresent(Path base, Path storeFile, StoreSettings settings) {
        Path sqlFile = sibling(base, SQL_FILE_SUFFIX);
        if (!Files.exists(sqlFile)) {
            return;
        }
        try {
            if (Files.exists(storeFile)) {
                finishOrLeave(sqlFile, storeFile);
                return;
            }
            Path importing = sibling(storeFile, ".importing");
            Files.deleteIfExists(importing);
            long imported;
            try (RecordFile target = RecordFile.open(importing)) {
                imported = copyLiveRecords(base, settings, target);
                target.note(IMPORTED_FROM, signature(sqlFile));
                target.commit();
            }
            Files.move(importing, storeFile, StandardCopyOption.ATOMIC_MOVE);
            Path kept = keep(sqlFile);
            LOG.warn("Idempotency store: imported {} live record(s) from the SQL store's file {} into {}; the old "
                    + "file is kept as {} and no longer read", imported, sqlFile, storeFile, kept);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot import the SQL store's file " + sqlFile, e);
        }
    }

    private static long copyLiveRecords(Path base, StoreSettings settings, RecordFile target) {
        StoreSettings sqlFile = settings.withUrl("jdbc:h2:file:" + base.toAbsolutePath());
        long[] written = {0};
        SqlFileRecords.forEachLive(sqlFile, (StoredRecord record) -> {
            target.write(RecordKeys.record(record.scope(), record.key()), null, Row.of(record));
            if (++written[0] % COMMIT_EVERY == 0) {
                target.commit();
            }
        });
        return written[0];
    }

    /** A start killed between the import's two renames finishes the second; any other SQL file is left alone. */
    private static void finishOrLeave(Path sqlFile, Path storeFile) throws IOException {
        String importedFrom;
        try (RecordFile store = RecordFile.open(storeFile)) {
            importedFrom = store.noted(IMPORTED_FROM);
        }
        if (signature(sqlFile).equals(importedFrom)) {
            keep(sqlFile);
        } else {
            LOG.warn("Idempotency store: the SQL store's file {} is beside the store file {} and is not read; its "
                    + "records are not served. Move it away once it is not needed", sqlFile, storeFile);
        }
    }

    private static Path keep(Path sqlFile) throws IOException {
        Path kept = sibling(sqlFile, IMPORTED_SUFFIX);
        Files.move(sqlFile, kept, StandardCopyOption.REPLACE_EXISTING);
        return kept;
    }

    /** The file as it was when imported: renaming keeps it, any later change by H2 changes it. */
    private static String signature(Path file) throws IOException {
        return file.getFileName() + " " + Files.size(file) + " " + Files.getLastModifiedTime(file).toMillis();
    }

    static Path sibling(Path file, String suffix) {
        return file.resolveSibling(file.getFileName() + suffix);
    }
}
