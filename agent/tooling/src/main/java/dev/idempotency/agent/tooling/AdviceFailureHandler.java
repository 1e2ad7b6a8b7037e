package dev.idempotency.agent.tooling;

import net.bytebuddy.ClassFileVersion;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.implementation.Implementation;
import net.bytebuddy.implementation.bytecode.StackManipulation;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * What inlined advice does with a failure it suppresses: it hands it to the bridge, which has the
 * core report it once per cause, so a request that ran unprotected because the advice broke (an
 * adapter class that does not link, an API it did not expect) is never silent. Without it, advice
 * with {@code suppress = Throwable.class} would drop the failure and the service would run
 * unprotected behind a start-up line that declared its endpoints.
 *
 * <p>Written into the host's class, so it must itself never fail the host's method: the call to
 * the bridge sits in its own try block whose handler drops anything, a bridge that does not link
 * included (the same shape as the OpenTelemetry agent's suppressed-error logger).
 */
final class AdviceFailureHandler implements StackManipulation {

    /** Binary name of the bridge's class, defined in the bootstrap loader. */
    static final String BRIDGE = "dev/idempotency/agent/bootstrap/Bridge";
    static final String METHOD = "adviceFailed";
    static final String DESCRIPTOR = "(Ljava/lang/String;Ljava/lang/Throwable;)V";

    private final String group;

    private AdviceFailureHandler(String group) {
        this.group = group;
    }

    /** The handler for advice of {@code group}, e.g. {@code servlet-javax}. */
    static Advice.ExceptionHandler reportingFor(String group) {
        return new Advice.ExceptionHandler.Simple(new AdviceFailureHandler(group));
    }

    @Override
    public boolean isValid() {
        return true;
    }

    /**
     * Entered with the suppressed throwable on the stack; leaves the stack empty:
     * {@code try { Bridge.adviceFailed("<group> advice in <type>", t); } catch (Throwable ignored) { }}.
     */
    @Override
    public Size apply(MethodVisitor method, Implementation.Context context) {
        Label tryStart = new Label();
        Label tryEnd = new Label();
        Label dropped = new Label();
        Label done = new Label();
        boolean frames = context.getClassFileVersion().isAtLeast(ClassFileVersion.JAVA_V6);
        method.visitTryCatchBlock(tryStart, tryEnd, dropped, "java/lang/Throwable");
        method.visitLabel(tryStart);
        method.visitLdcInsn(group + " advice in " + context.getInstrumentedType().getName());
        method.visitInsn(Opcodes.SWAP);
        method.visitMethodInsn(Opcodes.INVOKESTATIC, BRIDGE, METHOD, DESCRIPTOR, false);
        method.visitLabel(tryEnd);
        method.visitJumpInsn(Opcodes.GOTO, done);
        method.visitLabel(dropped);
        if (frames) {
            method.visitFrame(Opcodes.F_SAME1, 0, null, 1, new Object[] {"java/lang/Throwable"});
        }
        method.visitInsn(Opcodes.POP);
        method.visitLabel(done);
        if (frames) {
            method.visitFrame(Opcodes.F_SAME, 0, null, 0, null);
        }
        // Pops the throwable; needs two slots at most (the message and the throwable).
        return new Size(-1, 2);
    }
}
