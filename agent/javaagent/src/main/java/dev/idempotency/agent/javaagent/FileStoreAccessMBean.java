package dev.idempotency.agent.javaagent;

import java.io.IOException;

/**
 * The running service's file store, for the operator's commands: on JMX as
 * {@code dev.idempotency.agent:type=FileStore}, registered only when the store is the embedded
 * file store ({@code mvstore:}), whose file the service holds and no other process may open. The
 * commands ({@code inspect}, {@code list}, {@code resolve}, {@code purge}) call it over the JVM's
 * local JMX connector and run their own checks on what it answers, so the change itself is made by
 * the service's store (its one writer, the same fencing). Every operation takes the secret of the
 * note beside the store file ({@code <file>.pid}, readable by its owner only) and refuses any other
 * with a {@link SecurityException}; records and responses travel as {@link RecordWire} bytes.
 * {@link IOException} means the store is unavailable (a full disk, say), with why.
 */
public interface FileStoreAccessMBean {

    /** The store file the service holds, as an absolute path. */
    String getStoreFile();

    /** The record of {@code key} in {@code scope}: a list of none or one. */
    byte[] find(String secret, String scope, String key) throws IOException;

    /** Records of the state named, created at least {@code olderThanMillis} ago, oldest first, at most {@code limit}. */
    byte[] list(String secret, String state, long olderThanMillis, int limit) throws IOException;

    /** The store's {@code resolveRelease}: fenced by the token, refused for a live lease unless {@code force}. */
    boolean resolveRelease(String secret, String scope, String key, long expectedToken, boolean force)
            throws IOException;

    /** The store's {@code resolveComplete}, the response as {@code RecordWire.response} wrote it. */
    boolean resolveComplete(String secret, String scope, String key, long expectedToken, byte[] response,
            long ttlMillis, boolean force) throws IOException;

    /** Records past their expiry. */
    int countExpired(String secret) throws IOException;

    /** Deletes at most {@code batchSize} expired records; returns how many. */
    int purgeExpired(String secret, int batchSize) throws IOException;
}
