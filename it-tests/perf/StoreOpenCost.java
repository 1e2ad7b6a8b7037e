import dev.idempotency.agent.shaded.org.h2.mvstore.MVMap;
import dev.idempotency.agent.shaded.org.h2.mvstore.MVStore;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

/**
 * What the first write and read of a new embedded store cost a cold JVM, with the agent's relocated
 * H2: through JDBC and SQL ({@code sql}), as the agent's store does, or on H2's MVStore alone
 * ({@code mvstore}). Prints the process CPU from {@code main} to the read, all threads.
 * Compile and run it against the agent's classes as {@code startup-cds.sh} extracts them:
 * {@code javac -cp DIR/agent-classes.jar -d OUT StoreOpenCost.java},
 * then {@code java -cp OUT:DIR/agent-classes.jar StoreOpenCost mvstore|sql EMPTY_DIR}.
 */
public final class StoreOpenCost {

    public static void main(String[] args) throws Exception {
        long before = processCpuNanos();
        String dir = args[1];
        if (args[0].equals("mvstore")) {
            MVStore store = MVStore.open(dir + "/store.mv");
            MVMap<String, byte[]> records = store.openMap("records");
            records.put("key-1", new byte[200]);
            store.commit();
            records.get("key-1");
            store.close();
        } else {
            Driver driver = (Driver) Class.forName("dev.idempotency.agent.shaded.org.h2.Driver")
                    .getDeclaredConstructor().newInstance();
            try (Connection connection = driver.connect("jdbc:h2:file:" + dir + "/store", new Properties());
                    Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE IF NOT EXISTS records (k VARCHAR(200) PRIMARY KEY, v VARBINARY(4000))");
                statement.execute("INSERT INTO records VALUES ('key-1', X'00')");
                try (ResultSet read = statement.executeQuery("SELECT v FROM records WHERE k = 'key-1'")) {
                    read.next();
                }
            }
        }
        System.out.println(args[0] + " cpu_ms=" + (processCpuNanos() - before) / 1_000_000);
    }

    /** utime and stime of /proc/self/stat, in clock ticks (100 a second on Linux). */
    private static long processCpuNanos() throws Exception {
        String stat = new String(Files.readAllBytes(Paths.get("/proc/self/stat")));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L;
    }
}
