package dev.idempotency.agent.management;

import dev.idempotency.agent.store.RecordState;
import java.io.IOException;
import java.util.List;

/**
 * The running service's file store, for the operator's commands: on JMX as
 * {@code dev.idempotency.agent:type=FileStore}, registered only when the store is the embedded
 * file store ({@code mvstore:}), whose file the service holds and no other process may open. The
 * commands ({@code inspect}, {@code list}, {@code resolve}, {@code purge}) call it over the JVM's
 * local JMX connector through {@code JMX.newMXBeanProxy} and run their own checks on what it
 * answers, so the change itself is made by the service's store (its one writer, the same fencing).
 * Every operation takes the secret of the note beside the store file ({@code <file>.pid}, readable
 * by its owner only) and refuses any other with a {@link SecurityException}. {@link IOException}
 * means the store is unavailable (a full disk, say), with why.
 *
 * <p>An MXBean: records and responses cross as {@link RecordData} and {@link ResponseData}, which
 * the JMX MXBean framework maps to {@code CompositeData} of JDK open types and builds again on the
 * other side, so neither process deserialises a class of the other.
 *
 * <p>A command and an agent of different versions: the command reads {@link #getProtocol()} before
 * any call and refuses to go on when it is not its own {@link #PROTOCOL} (or the bean has no such
 * attribute, as the bean of an agent that passed records as bytes), saying to use the agent jar the
 * service runs; nothing is read or changed. The protocol changes with any change to this interface
 * or to the data classes ({@code FileStoreAccessTest} pins their open types). The check comes
 * first because the MXBean framework would not refuse every difference: it refuses an operation
 * the bean lacks ({@code ReflectionException}) and a {@code CompositeData} that lacks an item the
 * data class's constructor names ({@code InvalidObjectException}), but it ignores items the data
 * class does not know.
 */
public interface FileStoreAccessMXBean {

    /** The version of these calls and of the data they carry. */
    int PROTOCOL = 1;

    /** {@link #PROTOCOL} of the agent that registered the bean. */
    int getProtocol();

    /** The store file the service holds, as an absolute path. */
    String getStoreFile();

    /** The record of {@code key} in {@code scope}, or null. */
    RecordData find(String secret, String scope, String key) throws IOException;

    /** Records of {@code state}, created at least {@code olderThanMillis} ago, oldest first, at most {@code limit}. */
    List<RecordData> list(String secret, RecordState state, long olderThanMillis, int limit) throws IOException;

    /** The store's {@code resolveRelease}: fenced by the token, refused for a live lease unless {@code force}. */
    boolean resolveRelease(String secret, String scope, String key, long expectedToken, boolean force)
            throws IOException;

    /** The store's {@code resolveComplete}: stores {@code response} for {@code ttlMillis}. */
    boolean resolveComplete(String secret, String scope, String key, long expectedToken, ResponseData response,
            long ttlMillis, boolean force) throws IOException;

    /** Records past their expiry. */
    int countExpired(String secret) throws IOException;

    /** Deletes at most {@code batchSize} expired records; returns how many. */
    int purgeExpired(String secret, int batchSize) throws IOException;
}
