// A stand-in for the JDK's jni.h, just enough to call the native player's JNI functions from a C++
// harness on a machine without a JVM (the GPU test of partition.cu). Arrays are std::vectors.
#pragma once
#include <stdint.h>
#include <string>
#include <vector>
#define JNIEXPORT
#define JNICALL
typedef int32_t jint; typedef int64_t jlong; typedef int32_t jsize;
struct _jobject {}; typedef _jobject *jobject; typedef jobject jclass;
struct IntArr : _jobject { std::vector<jint> v; };
struct LongArr : _jobject { std::vector<jlong> v; };
typedef IntArr *jintArray; typedef LongArr *jlongArray;
struct JNIEnv {
    std::string thrown;
    jclass FindClass(const char *) { static _jobject c; return &c; }
    jint ThrowNew(jclass, const char *m) { thrown = m; return 0; }
    jsize GetArrayLength(jintArray a) { return (jsize)a->v.size(); }
    jsize GetArrayLength(jlongArray a) { return (jsize)a->v.size(); }
    void GetIntArrayRegion(jintArray a, jsize s, jsize n, jint *b) { for (jsize i = 0; i < n; i++) b[i] = a->v[s + i]; }
    void GetLongArrayRegion(jlongArray a, jsize s, jsize n, jlong *b) { for (jsize i = 0; i < n; i++) b[i] = a->v[s + i]; }
    jintArray NewIntArray(jsize n) { auto *a = new IntArr(); a->v.resize(n); return a; }
    jlongArray NewLongArray(jsize n) { auto *a = new LongArr(); a->v.resize(n); return a; }
    void SetIntArrayRegion(jintArray a, jsize s, jsize n, const jint *b) { for (jsize i = 0; i < n; i++) a->v[s + i] = b[i]; }
    void SetLongArrayRegion(jlongArray a, jsize s, jsize n, const jlong *b) { for (jsize i = 0; i < n; i++) a->v[s + i] = b[i]; }
};
