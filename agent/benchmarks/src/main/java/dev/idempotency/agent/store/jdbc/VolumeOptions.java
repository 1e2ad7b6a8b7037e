package dev.idempotency.agent.store.jdbc;

import dev.idempotency.agent.store.jdbc.mariadb.MariaDbDialect;
import dev.idempotency.agent.vocabulary.StoreSettings;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The command line of {@link VolumeBenchmark}; every option has a default but the URL. */
final class VolumeOptions {

    String url;
    String user = "";
    String password = "";
    /** Sizes to fill to and measure at, ascending. */
    List<Long> records = List.of(1_000_000L);
    int threads = 4;
    Duration phase = Duration.ofSeconds(10);
    Duration warmUp = Duration.ofSeconds(3);
    int bodyMin = 100;
    int bodyMax = 2_000;
    /** Share of the filled records left IN_PROGRESS. */
    double inProgress = 0.02;
    Duration ttl = Duration.ofHours(24);
    /** Expired records added before the purge phase, as a share of the largest size. */
    double expiredShare = 0.1;
    Duration maxTime = Duration.ofMinutes(60);
    /** Where the free-disk check looks: the H2 file's directory by default, else this one. */
    Path diskPath;
    /** Bytes on disk a record is assumed to take before any was measured. */
    long assumedBytesPerRecord;
    /** MariaDB: {@code innodb_buffer_pool_size} for the run, the server's own for the purge's second half; 0: unchanged. */
    long bufferPoolBytes;
    /** MariaDB: the table's layout version (1: rows clustered by key, as tables made before version 2); 0: the store's. */
    int mariaDbLayout;
    /** MariaDB, with {@code --mariadb-layout 1}: migrate the table to version 2 after the last size, before the purge. */
    boolean migrate;
    /** Live records the churn keeps (claim+complete at the pace of this many per TTL); 0: no churn. */
    long churnLive;
    Duration churnTtl = Duration.ofSeconds(30);
    Duration churnTime = Duration.ofMinutes(3);
    Duration churnSample = Duration.ofSeconds(15);
    /** The file store's churn starts from the live records of a TTL of traffic ({@link VolumePrefill}), not empty. */
    boolean churnPrefill;

    static VolumeOptions parse(String[] args) {
        VolumeOptions options = new VolumeOptions();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String value = args[++i];
            switch (name) {
                case "--url": options.url = value; break;
                case "--user": options.user = value; break;
                case "--password": options.password = value; break;
                case "--records": options.records = sizes(value); break;
                case "--threads": options.threads = Integer.parseInt(value); break;
                case "--seconds": options.phase = Duration.ofSeconds(Long.parseLong(value)); break;
                case "--warm-up-seconds": options.warmUp = Duration.ofSeconds(Long.parseLong(value)); break;
                case "--body": options.body(value); break;
                case "--in-progress": options.inProgress = Double.parseDouble(value); break;
                case "--ttl-hours": options.ttl = Duration.ofHours(Long.parseLong(value)); break;
                case "--expired": options.expiredShare = Double.parseDouble(value); break;
                case "--max-minutes": options.maxTime = Duration.ofMinutes(Long.parseLong(value)); break;
                case "--disk-path": options.diskPath = Path.of(value); break;
                case "--bytes-per-record": options.assumedBytesPerRecord = Long.parseLong(value); break;
                case "--buffer-pool": options.bufferPoolBytes = bytes(value); break;
                case "--mariadb-layout": options.mariaDbLayout = layout(value); break;
                case "--migrate": options.migrate = Boolean.parseBoolean(value); break;
                case "--churn": options.churnLive = Long.parseLong(value.replace("_", "")); break;
                case "--churn-ttl-seconds": options.churnTtl = Duration.ofSeconds(Long.parseLong(value)); break;
                case "--churn-seconds": options.churnTime = Duration.ofSeconds(Long.parseLong(value)); break;
                case "--sample-seconds": options.churnSample = Duration.ofSeconds(Long.parseLong(value)); break;
                case "--churn-prefill": options.churnPrefill = Boolean.parseBoolean(value); break;
                default: throw new IllegalArgumentException("unknown option " + name);
            }
        }
        if (options.migrate && options.mariaDbLayout != 1) {
            throw new IllegalArgumentException("--migrate true migrates a table of --mariadb-layout 1");
        }
        if (options.url == null) {
            throw new IllegalArgumentException("--url is required (jdbc:h2:file:..., jdbc:postgresql://..., jdbc:mariadb://...)");
        }
        if (options.churnPrefill && (options.churnLive == 0 || !options.url.startsWith(StoreSettings.FILE_STORE_PREFIX))) {
            throw new IllegalArgumentException("--churn-prefill true fills the file store's churn: it needs --churn and an "
                    + StoreSettings.FILE_STORE_PREFIX + " URL");
        }
        return options;
    }

    long largest() {
        return records.get(records.size() - 1);
    }

    /** Records the churn writes over its run. */
    long churnWritten() {
        return churnLive * churnTime.toSeconds() / Math.max(1, churnTtl.toSeconds());
    }

    long expired() {
        return (long) (largest() * expiredShare);
    }

    private void body(String value) {
        String[] bounds = value.split("-");
        bodyMin = Integer.parseInt(bounds[0]);
        bodyMax = Integer.parseInt(bounds[bounds.length - 1]);
        if (bodyMin < 0 || bodyMax < bodyMin) {
            throw new IllegalArgumentException("--body wants MIN-MAX bytes, was " + value);
        }
    }

    private static int layout(String value) {
        int version = Integer.parseInt(value);
        if (version != 1 && version != MariaDbDialect.VERSION) {
            throw new IllegalArgumentException("--mariadb-layout is 1 or " + MariaDbDialect.VERSION + ", was " + value);
        }
        return version;
    }

    /** A byte count, with an optional K, M or G (binary). */
    private static long bytes(String value) {
        String number = value.trim().toUpperCase(Locale.ROOT);
        int shift = number.endsWith("G") ? 30 : number.endsWith("M") ? 20 : number.endsWith("K") ? 10 : 0;
        if (shift > 0) {
            number = number.substring(0, number.length() - 1);
        }
        return Long.parseLong(number.replace("_", "")) << shift;
    }

    private static List<Long> sizes(String value) {
        List<Long> sizes = new ArrayList<>();
        for (String size : value.split(",")) {
            sizes.add(Long.parseLong(size.trim().replace("_", "")));
        }
        sizes.sort(null);
        return sizes;
    }
}
