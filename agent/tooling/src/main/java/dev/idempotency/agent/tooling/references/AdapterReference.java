package dev.idempotency.agent.tooling.references;

import java.util.Objects;
import net.bytebuddy.jar.asm.Type;

/**
 * One class, method or field an adapter jar uses from its host: the owner as the class file names
 * it, and for a member its name and descriptor, which the JVM links by.
 */
public final class AdapterReference {

    enum Kind { CLASS, METHOD, FIELD }

    private final Kind kind;
    private final String owner;
    private final String name;
    private final String descriptor;

    private AdapterReference(Kind kind, String owner, String name, String descriptor) {
        this.kind = kind;
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
    }

    static AdapterReference toClass(String owner) {
        return new AdapterReference(Kind.CLASS, owner, "", "");
    }

    static AdapterReference toMethod(String owner, String name, String descriptor) {
        return new AdapterReference(Kind.METHOD, owner, name, descriptor);
    }

    static AdapterReference toField(String owner, String name, String descriptor) {
        return new AdapterReference(Kind.FIELD, owner, name, descriptor);
    }

    Kind kind() {
        return kind;
    }

    /** Internal name of the class named, or declaring the member. */
    String owner() {
        return owner;
    }

    String name() {
        return name;
    }

    String descriptor() {
        return descriptor;
    }

    /**
     * As a Java reader writes it: {@code javax.servlet.ReadListener},
     * {@code javax.servlet.ServletRequest.getContentLengthLong()}, {@code new javax.ws.rs.core.GenericEntity(Object)},
     * {@code javax.ws.rs.core.Response.Status.OK}.
     */
    public String describe() {
        String ownerName = owner.replace('/', '.');
        switch (kind) {
            case CLASS:
                return ownerName;
            case FIELD:
                return ownerName + "." + name;
            default:
                StringBuilder method = name.equals("<init>")
                        ? new StringBuilder("new ").append(ownerName).append('(')
                        : new StringBuilder(ownerName).append('.').append(name).append('(');
                Type[] arguments = Type.getArgumentTypes(descriptor);
                for (int i = 0; i < arguments.length; i++) {
                    method.append(i == 0 ? "" : ", ").append(arguments[i].getClassName());
                }
                return method.append(')').toString();
        }
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof AdapterReference)) {
            return false;
        }
        AdapterReference that = (AdapterReference) other;
        return kind == that.kind && owner.equals(that.owner) && name.equals(that.name) && descriptor.equals(that.descriptor);
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, owner, name, descriptor);
    }

    @Override
    public String toString() {
        return describe();
    }
}
