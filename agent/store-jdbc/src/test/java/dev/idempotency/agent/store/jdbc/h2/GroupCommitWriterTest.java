package dev.idempotency.agent.store.jdbc.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.idempotency.agent.store.StoreUnavailableException;

/** The group-commit writer on an H2 file: isolation of failures, the batch bound, and closing. */
class GroupCommitWriterTest {

    @TempDir
    Path directory;

    private String url;
    private GroupCommitWriter writer;
    private final ExecutorService callers = Executors.newCachedThreadPool();
    /** Held by the first write of a test to keep the writer busy while others queue up. */
    private final CountDownLatch release = new CountDownLatch(1);
    private final CountDownLatch holding = new CountDownLatch(1);

    @BeforeEach
    void createTable() throws SQLException {
        url = "jdbc:h2:file:" + directory.resolve("writer").toAbsolutePath() + ";WRITE_DELAY=0";
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute("CREATE TABLE t (id VARCHAR(64) PRIMARY KEY)");
        }
    }

    @AfterEach
    void stop() {
        release.countDown();
        if (writer != null) {
            writer.close();
        }
        callers.shutdownNow();
    }

    @Test
    void failingWriteIsRolledBackAloneAndTheRestOfItsBatchCommits() throws Exception {
        writer = new GroupCommitWriter(this::connect, "test store", 16, 10_000);
        insert("taken");
        Future<Object> holder = holdWriter();

        Future<Object> first = callers.submit(() -> insert("a"));
        awaitQueued(1);
        Future<Object> failing = callers.submit(() -> writer.write("insert twice", connection -> {
            insertRow(connection, "half-done");
            insertRow(connection, "taken");
            return null;
        }));
        awaitQueued(2);
        Future<Object> last = callers.submit(() -> insert("b"));
        awaitQueued(3);
        long batchesBefore = writer.batchesCommitted();
        release.countDown();

        holder.get(10, TimeUnit.SECONDS);
        first.get(10, TimeUnit.SECONDS);
        last.get(10, TimeUnit.SECONDS);
        assertThatThrownBy(() -> failing.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("insert twice failed");
        assertThat(writer.batchesCommitted() - batchesBefore).as("the holder's batch and one more").isEqualTo(2);
        assertThat(writer.largestBatch()).isEqualTo(2);
        assertThat(rows()).containsExactlyInAnyOrder("taken", "hold", "a", "b");
    }

    @Test
    void batchesHoldAtMostTheirBoundAndEveryWriteCommits() throws Exception {
        writer = new GroupCommitWriter(this::connect, "test store", 4, 10_000);
        Future<Object> holder = holdWriter();
        List<Future<Object>> writes = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String id = "w-" + i;
            writes.add(callers.submit(() -> insert(id)));
        }
        // The queue holds one batch; the other callers wait for room.
        awaitQueued(4);
        release.countDown();

        holder.get(10, TimeUnit.SECONDS);
        for (Future<Object> write : writes) {
            write.get(10, TimeUnit.SECONDS);
        }
        assertThat(writer.largestBatch()).isLessThanOrEqualTo(4);
        assertThat(writer.batchesCommitted()).isGreaterThanOrEqualTo(1 + 12 / 4);
        assertThat(rows()).hasSize(13);
    }

    /**
     * The writer's idle work runs after a commit but not while it is held (as a purge holds it
     * across its slices), and runs again once the hold ends, still due from the commits made
     * meanwhile.
     */
    @Test
    void heldIdleWorkWaitsForItsHoldToEnd() throws Exception {
        AtomicInteger steps = new AtomicInteger();
        writer = new GroupCommitWriter(this::connect, "test store", 16, 10_000, connection -> {
            steps.incrementAndGet();
            return true;
        });
        insert("a");
        await().atMost(Duration.ofSeconds(10)).until(() -> steps.get() > 0);

        writer.holdIdleWork();
        insert("b");
        int held = steps.get();
        // The writer took "c" after its idle turn following "b": that turn found the work held.
        insert("c");
        assertThat(steps.get()).as("steps while held").isEqualTo(held);

        writer.releaseIdleWork();
        await().atMost(Duration.ofSeconds(10)).until(() -> steps.get() > held);
        assertThat(rows()).containsExactlyInAnyOrder("a", "b", "c");
    }

    @Test
    void closeDrainsQueuedWritesThenRefusesNewOnes() throws Exception {
        writer = new GroupCommitWriter(this::connect, "test store", 16, 10_000);
        Future<Object> holder = holdWriter();
        Future<Object> queued = callers.submit(() -> insert("queued"));
        awaitQueued(1);
        Future<?> closing = callers.submit(writer::close);

        release.countDown();
        closing.get(10, TimeUnit.SECONDS);

        holder.get(1, TimeUnit.SECONDS);
        queued.get(1, TimeUnit.SECONDS);
        assertThat(rows()).containsExactlyInAnyOrder("hold", "queued");
        assertThatThrownBy(() -> insert("late")).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("closed");
        assertThat(writer.running()).isFalse();
    }

    @Test
    void closeFailsWaitingCallersCleanlyWhenTheWriterIsStuck() throws Exception {
        writer = new GroupCommitWriter(this::connect, "test store", 16, 300);
        holdWriter();
        Future<Object> queued = callers.submit(() -> insert("queued"));
        awaitQueued(1);

        long started = System.nanoTime();
        writer.close();

        assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(5));
        assertThatThrownBy(() -> queued.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(StoreUnavailableException.class);
        release.countDown();
        assertThat(rows()).doesNotContain("queued");
    }

    @Test
    void callerWaitingTooLongGetsStoreUnavailableAndItsWriteNeverRuns() throws Exception {
        writer = new GroupCommitWriter(this::connect, "test store", 16, 300);
        holdWriter();

        assertThatThrownBy(() -> insert("late")).isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("not applied");
        release.countDown();
        assertThat(insert("after")).isNull();
        assertThat(rows()).contains("after").doesNotContain("late");
    }

    @Test
    void writerIsANamedDaemonThread() {
        writer = new GroupCommitWriter(this::connect, "test store", 16, 1_000);

        assertThat(writer.running()).isTrue();
        assertThat(writerThreads()).isNotEmpty().allSatisfy(thread -> assertThat(thread.isDaemon()).isTrue());
    }

    /** Starts a write that keeps the writer's batch open until {@link #release}. */
    private Future<Object> holdWriter() throws InterruptedException {
        Future<Object> holder = callers.submit(() -> writer.write("hold", connection -> {
            insertRow(connection, "hold");
            holding.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }));
        assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
        return holder;
    }

    /** Waits until this many writes wait in the queue behind the holder (seen through the queue's size). */
    private void awaitQueued(int writes) {
        await().atMost(Duration.ofSeconds(10)).until(() -> writer.queued() >= writes);
    }

    private Object insert(String id) {
        return writer.write("insert " + id, connection -> {
            insertRow(connection, id);
            return null;
        });
    }

    private static void insertRow(Connection connection, String id) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO t (id) VALUES (?)")) {
            insert.setString(1, id);
            insert.executeUpdate();
        }
    }

    private List<String> rows() throws SQLException {
        List<String> ids = new ArrayList<>();
        try (Connection connection = connect(); Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT id FROM t")) {
            while (rows.next()) {
                ids.add(rows.getString(1));
            }
        }
        return ids;
    }

    /** Straight from the driver: the store withdraws H2 from DriverManager whenever it loads it. */
    private Connection connect() throws SQLException {
        Properties credentials = new Properties();
        credentials.setProperty("user", "sa");
        credentials.setProperty("password", "");
        return new org.h2.Driver().connect(url, credentials);
    }

    private static List<Thread> writerThreads() {
        List<Thread> found = new ArrayList<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().equals(GroupCommitWriter.THREAD_NAME) && thread.isAlive()) {
                found.add(thread);
            }
        }
        return found;
    }
}
