package dev.idempotency.agent.store.mvstore;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.h2.store.fs.FileBase;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FilePathWrapper;

/**
 * Files whose writes fail on demand, as a full or failing disk makes them: H2's own file system
 * layer, registered under the prefix {@code failing:}, over the real files beneath.
 */
public final class FailingWrites extends FilePathWrapper {

    private static final String SCHEME = "failing";
    private static volatile boolean failing;

    static {
        FilePath.register(new FailingWrites());
    }

    /** The path MVStore opens for {@code file}, whose writes fail while {@link #fail} says so. */
    static Path of(Path file) {
        return Paths.get(SCHEME + ":" + file.toAbsolutePath());
    }

    static void fail(boolean fail) {
        failing = fail;
    }

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public FileChannel open(String mode) throws IOException {
        return new Channel(getBase().open(mode));
    }

    private static final class Channel extends FileBase {

        private final FileChannel base;

        Channel(FileChannel base) {
            this.base = base;
        }

        @Override
        public int read(ByteBuffer destination) throws IOException {
            return base.read(destination);
        }

        @Override
        public int read(ByteBuffer destination, long position) throws IOException {
            return base.read(destination, position);
        }

        @Override
        public int write(ByteBuffer source) throws IOException {
            refuse();
            return base.write(source);
        }

        @Override
        public int write(ByteBuffer source, long position) throws IOException {
            refuse();
            return base.write(source, position);
        }

        @Override
        public long position() throws IOException {
            return base.position();
        }

        @Override
        public FileChannel position(long position) throws IOException {
            base.position(position);
            return this;
        }

        @Override
        public long size() throws IOException {
            return base.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            refuse();
            base.truncate(size);
            return this;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            refuse();
            base.force(metaData);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return base.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            base.close();
        }

        private static void refuse() throws IOException {
            if (failing) {
                throw new IOException("No space left on device (a test's failing disk)");
            }
        }
    }
}
