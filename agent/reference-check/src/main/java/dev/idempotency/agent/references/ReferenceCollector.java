package dev.idempotency.agent.references;

import java.util.LinkedHashSet;
import java.util.Set;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.Handle;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Every class, method, constructor and field one class file uses: its supertypes, the types in its
 * own declarations, and each instruction that names a class or member (including method handles
 * and lambda targets). Annotations, generic signatures and debug information are left out: the
 * JVM links none of them, and the advice annotations are only read by the agent itself.
 */
final class ReferenceCollector extends ClassVisitor {

    private final Set<Reference> references = new LinkedHashSet<>();
    private String user;
    /** The method being read, when it may override a host method; null elsewhere. */
    private String madeIn;

    private ReferenceCollector() {
        super(Opcodes.ASM9);
    }

    static Set<Reference> collect(byte[] classFile) {
        ReferenceCollector collector = new ReferenceCollector();
        new ClassReader(classFile).accept(collector, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        return collector.references;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
        user = name;
        if (superName != null) {
            addClass(superName);
        }
        if (interfaces != null) {
            for (String implemented : interfaces) {
                addClass(implemented);
            }
        }
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        madeIn = null;
        addType(Type.getType(descriptor));
        return null;
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
            String[] exceptions) {
        boolean mayOverrideHost = (access & (Opcodes.ACC_STATIC | Opcodes.ACC_PRIVATE)) == 0 && !name.startsWith("<");
        madeIn = mayOverrideHost ? ClassModel.memberKey(name, descriptor) : null;
        addType(Type.getMethodType(descriptor));
        if (exceptions != null) {
            for (String thrown : exceptions) {
                addClass(thrown);
            }
        }
        return new InstructionCollector();
    }

    /** The instructions of one method. */
    private final class InstructionCollector extends MethodVisitor {

        InstructionCollector() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            addType(Type.getObjectType(type));
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            addType(Type.getType(descriptor));
            addField(owner, name, descriptor, opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            addType(Type.getMethodType(descriptor));
            addMethod(owner, name, descriptor, opcode == Opcodes.INVOKESTATIC, isInterface);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            addType(Type.getMethodType(descriptor));
            addHandle(bootstrap);
            for (Object argument : arguments) {
                addConstant(argument);
            }
        }

        @Override
        public void visitLdcInsn(Object value) {
            addConstant(value);
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
            addType(Type.getType(descriptor));
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            if (type != null) {
                addClass(type);
            }
        }
    }

    private void addConstant(Object constant) {
        if (constant instanceof Type) {
            addType((Type) constant);
        } else if (constant instanceof Handle) {
            addHandle((Handle) constant);
        } else if (constant instanceof ConstantDynamic) {
            ConstantDynamic dynamic = (ConstantDynamic) constant;
            addType(Type.getType(dynamic.getDescriptor()));
            addHandle(dynamic.getBootstrapMethod());
            for (int i = 0; i < dynamic.getBootstrapMethodArgumentCount(); i++) {
                addConstant(dynamic.getBootstrapMethodArgument(i));
            }
        }
    }

    private void addHandle(Handle handle) {
        int tag = handle.getTag();
        if (tag <= Opcodes.H_PUTSTATIC) {
            addType(Type.getType(handle.getDesc()));
            addField(handle.getOwner(), handle.getName(), handle.getDesc(),
                    tag == Opcodes.H_GETSTATIC || tag == Opcodes.H_PUTSTATIC);
        } else {
            addType(Type.getMethodType(handle.getDesc()));
            addMethod(handle.getOwner(), handle.getName(), handle.getDesc(), tag == Opcodes.H_INVOKESTATIC,
                    handle.isInterface());
        }
    }

    private void addMethod(String owner, String name, String descriptor, boolean isStatic, boolean isInterface) {
        if (owner.startsWith("[")) {
            addType(Type.getType(owner)); // clone() of an array: only the element type is linked
            return;
        }
        addClass(owner);
        references.add(Reference.toMethod(user, owner, name, descriptor, isStatic, isInterface, madeIn));
    }

    private void addField(String owner, String name, String descriptor, boolean isStatic) {
        addClass(owner);
        references.add(Reference.toField(user, owner, name, descriptor, isStatic, madeIn));
    }

    private void addType(Type type) {
        switch (type.getSort()) {
            case Type.ARRAY:
                addType(type.getElementType());
                break;
            case Type.OBJECT:
                addClass(type.getInternalName());
                break;
            case Type.METHOD:
                for (Type argument : type.getArgumentTypes()) {
                    addType(argument);
                }
                addType(type.getReturnType());
                break;
            default:
                break; // primitives and void
        }
    }

    private void addClass(String internalName) {
        if (internalName.startsWith("[")) {
            addType(Type.getType(internalName));
        } else {
            references.add(Reference.toClass(user, internalName, madeIn));
        }
    }
}
