package dev.idempotency.agent.store.mvstore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.idempotency.agent.store.IdempotencyStore;
import dev.idempotency.agent.store.held.HolderFile;
import dev.idempotency.agent.vocabulary.StoreSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The note beside the store file that the operator's commands find a running service by. */
class HolderFileTest {

    @TempDir
    Path directory;

    @Test
    void theNoteNamesTheProcessAndItsSecretAndOnlyItsOwnerMayReadIt() throws IOException {
        Path storeFile = directory.resolve("agent.mvstore");
        String secret = HolderFile.newSecret();

        HolderFile.write(storeFile, 4242, secret);

        Path note = directory.resolve("agent.mvstore.pid");
        assertThat(HolderFile.of(storeFile)).isEqualTo(note);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(note))).isEqualTo("rw-------");
        Optional<HolderFile.Holder> holder = HolderFile.read(storeFile);
        assertThat(holder).isPresent();
        assertThat(holder.get().pid()).isEqualTo(4242);
        assertThat(holder.get().secret()).isEqualTo(secret).hasSize(64).isNotEqualTo(HolderFile.newSecret());
        assertThat(directory.resolve("agent.mvstore.pid.tmp")).doesNotExist();
    }

    @Test
    void aNoteLeftByAKilledServiceIsReplacedByTheNextOne() throws IOException {
        Path storeFile = directory.resolve("agent.mvstore");
        HolderFile.write(storeFile, 1, "old");

        HolderFile.write(storeFile, 2, "new");

        assertThat(HolderFile.read(storeFile).get().pid()).isEqualTo(2);
        assertThat(HolderFile.read(storeFile).get().secret()).isEqualTo("new");
    }

    @Test
    void aServiceRemovesOnlyItsOwnNote() throws IOException {
        Path storeFile = directory.resolve("agent.mvstore");
        HolderFile.write(storeFile, 2, "new");

        HolderFile.removeIfOwn(storeFile, 1, "old");
        assertThat(HolderFile.read(storeFile)).isPresent();

        HolderFile.removeIfOwn(storeFile, 2, "new");
        assertThat(HolderFile.read(storeFile)).isEmpty();
    }

    @Test
    void aFileThatIsNoNoteIsSaidToBeNone() throws IOException {
        Path storeFile = directory.resolve("agent.mvstore");
        Files.writeString(HolderFile.of(storeFile), "4242\n");

        assertThatThrownBy(() -> HolderFile.read(storeFile)).isInstanceOf(IOException.class)
                .hasMessageContaining("not a note of the agent");
    }

    @Test
    void aStoreFileHeldByAnotherOpeningIsToldApartFromOtherFailures() {
        String url = "mvstore:" + directory.resolve("agent");
        try (IdempotencyStore held = FileStores.open(StoreSettings.forUrl(url))) {
            assertThatThrownBy(() -> FileStores.open(StoreSettings.forUrl(url)))
                    .satisfies(failure -> assertThat(FileStores.lockedByAnother(failure)).as(failure.toString()).isTrue());
        }
        assertThat(FileStores.lockedByAnother(new IllegalStateException("disk full", new IOException("no space"))))
                .isFalse();
    }
}
