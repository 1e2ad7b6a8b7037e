package dev.idempotency.agent.store.held;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;

/**
 * The note a running service keeps beside the store file it holds, {@code <file>.pid}: its
 * process id and a random secret, readable by the file's owner only. The operator's commands read
 * it to find the service when the store file is locked, and hand the secret back to the service's
 * agent with every call: whoever cannot read the note cannot work on the records through the
 * service, as whoever cannot open the store file cannot work on them at all. Written once the
 * service holds the file, removed when it stops; a note left by a killed service names a process
 * that no longer runs, and the next service to hold the file writes its own.
 */
public final class HolderFile {

    /** What the note's name adds to the store file's. */
    public static final String SUFFIX = ".pid";

    private static final String PID = "pid=";
    private static final String SECRET = "secret=";
    private static final Path URANDOM = Paths.get("/dev/urandom");

    private HolderFile() {
    }

    /** The note beside {@code storeFile}. */
    public static Path of(Path storeFile) {
        return storeFile.resolveSibling(storeFile.getFileName() + SUFFIX);
    }

    /**
     * 32 random bytes as hex: what a command must show to work through the service. Read from the
     * kernel's {@code /dev/urandom} where there is one: {@link SecureRandom} would first set up its
     * providers, tens of milliseconds of the service's start.
     */
    public static String newSecret() {
        byte[] bytes = urandom(32);
        if (bytes == null) {
            bytes = new byte[32];
            new SecureRandom().nextBytes(bytes);
        }
        StringBuilder hex = new StringBuilder(64);
        for (byte b : bytes) {
            hex.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return hex.toString();
    }

    private static byte[] urandom(int count) {
        if (!Files.isReadable(URANDOM)) {
            return null;
        }
        try (InputStream in = Files.newInputStream(URANDOM)) {
            byte[] bytes = new byte[count];
            new DataInputStream(in).readFully(bytes);
            return bytes;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Writes the note for the process {@code pid}, replacing one a killed service left: first to a
     * file of its own, created readable and writable by the owner only, then moved into place, so a
     * reader sees a whole note or none.
     */
    public static void write(Path storeFile, long pid, String secret) throws IOException {
        Path note = of(storeFile);
        Path partial = note.resolveSibling(note.getFileName() + ".tmp");
        Files.deleteIfExists(partial);
        byte[] text = ("# the process that holds " + storeFile.getFileName()
                + "; the agent's commands reach its store through it\n" + PID + pid + "\n" + SECRET + secret + "\n")
                .getBytes(StandardCharsets.UTF_8);
        try {
            Files.createFile(partial, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(partial);
        } catch (FileAlreadyExistsException raced) {
            throw new IOException("another process writes " + partial + " at the same time", raced);
        }
        Files.write(partial, text);
        Files.move(partial, note, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The note beside {@code storeFile}; empty when there is none. @throws IOException when it cannot be read or is not a note */
    public static Optional<Holder> read(Path storeFile) throws IOException {
        Path note = of(storeFile);
        List<String> lines;
        try {
            lines = Files.readAllLines(note, StandardCharsets.UTF_8);
        } catch (NoSuchFileException absent) {
            return Optional.empty();
        }
        Long pid = null;
        String secret = null;
        for (String line : lines) {
            if (line.startsWith(PID)) {
                try {
                    pid = Long.parseLong(line.substring(PID.length()).trim());
                } catch (NumberFormatException e) {
                    pid = null;
                }
            } else if (line.startsWith(SECRET)) {
                secret = line.substring(SECRET.length()).trim();
            }
        }
        if (pid == null || secret == null || secret.isEmpty()) {
            throw new IOException(note + " is not a note of the agent (no pid= and secret= lines)");
        }
        return Optional.of(new Holder(pid, secret));
    }

    /** Removes the note if it is still the one of {@code pid} with {@code secret}; says nothing otherwise. */
    public static void removeIfOwn(Path storeFile, long pid, String secret) {
        try {
            Optional<Holder> holder = read(storeFile);
            if (holder.isPresent() && holder.get().pid() == pid && holder.get().secret().equals(secret)) {
                Files.deleteIfExists(of(storeFile));
            }
        } catch (IOException | RuntimeException e) {
            // A note left behind names a process that is gone; the commands say so.
        }
    }

    /** A process that noted it holds the store file, and its secret. */
    public static final class Holder {

        private final long pid;
        private final String secret;

        Holder(long pid, String secret) {
            this.pid = pid;
            this.secret = secret;
        }

        public long pid() {
            return pid;
        }

        public String secret() {
            return secret;
        }
    }
}
