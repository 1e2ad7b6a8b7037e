package dev.idempotency.agent.cli;

import dev.idempotency.agent.management.ThisProcess;
import dev.idempotency.agent.management.FileStoreAccessMXBean;
import dev.idempotency.agent.management.RecordData;
import dev.idempotency.agent.management.ResponseData;
import dev.idempotency.agent.metrics.MetricsRegistration;
import dev.idempotency.agent.store.RecordState;
import dev.idempotency.agent.store.StoreUnavailableException;
import dev.idempotency.agent.store.StoredRecord;
import dev.idempotency.agent.store.StoredResponse;
import dev.idempotency.agent.store.held.HolderFile;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.management.AttributeNotFoundException;
import javax.management.JMX;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The records of the file store a running service holds, reached through that service: the
 * process the note beside the store file names ({@link HolderFile}), over its local JMX connector
 * (same user, started through the attach API as {@code status} does, never a remote port), its
 * agent's {@link FileStoreAccessMXBean}, of this command's protocol. Each call is the store's own method run in the service, so
 * its one writer stays the file's only writer; the note's secret goes with every call.
 */
final class ServiceRecords implements RecordAccess {

    private final JMXConnector connector;
    private final FileStoreAccessMXBean store;
    private final String secret;
    private final long pid;

    private ServiceRecords(JMXConnector connector, FileStoreAccessMXBean store, String secret, long pid) {
        this.connector = connector;
        this.store = store;
        this.secret = secret;
        this.pid = pid;
    }

    /**
     * Reaches the service that holds {@code storeFile}, which this command found locked.
     *
     * @throws CommandFailed saying why the holder cannot be reached, and what to do
     */
    static ServiceRecords reach(Path storeFile) {
        String locked = "the store file " + storeFile.toAbsolutePath().normalize() + " is locked by another process";
        Path note = HolderFile.of(storeFile).toAbsolutePath().normalize();
        HolderFile.Holder holder;
        try {
            holder = HolderFile.read(storeFile).orElseThrow(() -> new CommandFailed(locked
                    + ", and no running service noted itself in " + note + ". A service whose agent holds the file "
                    + "writes that note once it opened it; without the note the file is held by another command (wait "
                    + "for it to finish) or by an agent of an earlier version (stop the service, run this command, "
                    + "start it again)."));
        } catch (AccessDeniedException e) {
            throw new CommandFailed(locked + ", and its note " + note + " cannot be read by this user: run the "
                    + "command as the user that runs the service.");
        } catch (IOException e) {
            throw new CommandFailed(locked + ", and its note " + note + " cannot be read: " + e.getMessage());
        }
        long pid = holder.pid();
        if (!ThisProcess.isAlive(pid)) {
            throw new CommandFailed(locked + ", but process " + pid + ", which " + note + " names, no longer runs "
                    + "(a service that was killed leaves its note behind; the next one to open the file replaces it). "
                    + "Another process holds the file: another command (wait for it to finish), or a service whose "
                    + "agent is of an earlier version (stop it, run this command, start it again).");
        }
        String address;
        try {
            address = StatusConnection.agentConnector(Long.toString(pid));
        } catch (CommandFailed refused) {
            throw new CommandFailed(locked + "; " + note + " names process " + pid + ", which cannot be asked: "
                    + refused.getMessage());
        }
        JMXConnector connector = null;
        try {
            connector = JMXConnectorFactory.connect(new JMXServiceURL(address));
            MBeanServerConnection jmx = connector.getMBeanServerConnection();
            ObjectName name = MetricsRegistration.fileStoreName();
            if (!jmx.isRegistered(name)) {
                throw new CommandFailed(locked + " by process " + pid + " (named in " + note + "), whose agent does "
                        + "not offer its store to the commands yet: it does at the first request to a declared "
                        + "endpoint, or a few seconds after start. Try again.");
            }
            FileStoreAccessMXBean store = proxy(jmx, name, locked + " by process " + pid + " (named in " + note
                    + "), whose agent is of another version");
            Path held = Paths.get(store.getStoreFile());
            if (!Files.isSameFile(held, storeFile)) {
                throw new CommandFailed(locked + "; " + note + " names process " + pid + ", but the agent there holds "
                        + held + ", another file. Nothing was changed.");
            }
            ServiceRecords records = new ServiceRecords(connector, store, holder.secret(), pid);
            connector = null;
            return records;
        } catch (CommandFailed refused) {
            throw refused;
        } catch (IOException | JMException | RuntimeException e) {
            throw new CommandFailed(locked + "; " + note + " names process " + pid + ", but its store could not "
                    + "be reached over its local JMX connector: " + e);
        } finally {
            closeQuietly(connector);
        }
    }

    /**
     * The bean {@code name} as {@link FileStoreAccessMXBean}, once its protocol is this command's.
     *
     * @throws CommandFailed {@code refusal}, with the protocols, when it is of another (or has none)
     */
    static FileStoreAccessMXBean proxy(MBeanServerConnection jmx, ObjectName name, String refusal)
            throws IOException, JMException {
        Object protocol;
        try {
            protocol = jmx.getAttribute(name, "Protocol");
        } catch (AttributeNotFoundException e) {
            protocol = "none";
        }
        if (!Integer.valueOf(FileStoreAccessMXBean.PROTOCOL).equals(protocol)) {
            throw new CommandFailed(refusal + ": it offers its store in protocol " + protocol + ", this command calls "
                    + "protocol " + FileStoreAccessMXBean.PROTOCOL + ". Nothing was read or changed; run the command "
                    + "of the agent jar the service runs.");
        }
        return JMX.newMXBeanProxy(jmx, name, FileStoreAccessMXBean.class);
    }

    /** The process the calls go to. */
    long pid() {
        return pid;
    }

    @Override
    public Optional<StoredRecord> find(String scope, String key) {
        return Optional.ofNullable(call(() -> store.find(secret, scope, key))).map(RecordData::stored);
    }

    @Override
    public List<StoredRecord> list(RecordState state, Duration olderThan, int limit) {
        return call(() -> store.list(secret, state, olderThan.toMillis(), limit)).stream().map(RecordData::stored)
                .collect(Collectors.toList());
    }

    @Override
    public boolean resolveRelease(String scope, String key, long expectedToken, boolean force) {
        return call(() -> store.resolveRelease(secret, scope, key, expectedToken, force));
    }

    @Override
    public boolean resolveComplete(String scope, String key, long expectedToken, StoredResponse response, Duration ttl,
            boolean force) {
        ResponseData data = ResponseData.of(response);
        return call(() -> store.resolveComplete(secret, scope, key, expectedToken, data, ttl.toMillis(), force));
    }

    @Override
    public int countExpired() {
        return call(() -> store.countExpired(secret));
    }

    @Override
    public int purgeExpired(int batchSize) {
        return call(() -> store.purgeExpired(secret, batchSize));
    }

    @Override
    public void close() {
        closeQuietly(connector);
    }

    private interface Call<T> {
        T run() throws IOException;
    }

    /** The service's "unavailable" and a broken connection as the store being unavailable; a refused secret as a refusal. */
    private <T> T call(Call<T> call) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new StoreUnavailableException("in process " + pid + ": " + e.getMessage(), null);
        } catch (SecurityException e) {
            throw new CommandFailed("process " + pid + " refused the command: " + e.getMessage()
                    + " (the note was replaced while the command ran: run it again)");
        }
    }

    private static void closeQuietly(JMXConnector connector) {
        if (connector != null) {
            try {
                connector.close();
            } catch (IOException | RuntimeException e) {
                // the connection goes with this process anyway
            }
        }
    }
}
