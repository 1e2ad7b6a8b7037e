package dev.idempotency.agent.core.time;

/** The real clocks. */
final class SystemTime implements TimeSource {

    static final SystemTime INSTANCE = new SystemTime();

    private SystemTime() {
    }

    @Override
    public long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void sleepMillis(long millis) throws InterruptedException {
        Thread.sleep(millis);
    }
}
