// The OpenCV boundary (the only C++ in goref): each entry point copies plain buffers into
// cv::Mat, calls OpenCV, copies results out, and turns every exception into a go_err with the
// exception's text, so no C++ exception ever unwinds through C frames.
#include "cv_shim.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <vector>

#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/dnn.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "go/error.h"

namespace
{

int fail(const cv::Exception &e)
{
    return go_error_set(GO_EINTERNAL, "opencv: %s", e.what());
}
int fail(const std::bad_alloc &)
{
    return go_error_set(GO_ENOMEM, "opencv: out of memory");
}
int fail(const std::exception &e)
{
    return go_error_set(GO_EINTERNAL, "opencv shim: %s", e.what());
}
int fail_unknown()
{
    return go_error_set(GO_EINTERNAL, "opencv shim: unknown exception");
}

#define SHIM_TRY try {
#define SHIM_CATCH                                                                                 \
    }                                                                                              \
    catch (const cv::Exception &e)                                                                 \
    {                                                                                              \
        return fail(e);                                                                            \
    }                                                                                              \
    catch (const std::bad_alloc &e)                                                                \
    {                                                                                              \
        return fail(e);                                                                            \
    }                                                                                              \
    catch (const std::exception &e)                                                                \
    {                                                                                              \
        return fail(e);                                                                            \
    }                                                                                              \
    catch (...)                                                                                    \
    {                                                                                              \
        return fail_unknown();                                                                     \
    }

int type_of(int channels)
{
    return CV_MAKETYPE(CV_8U, channels);
}

// A view of a go_cv_image as a cv::Mat (no copy; the image must outlive the Mat).
cv::Mat view(const go_cv_image *img)
{
    return cv::Mat(img->height, img->width, type_of(img->channels), img->pixels);
}

// Copies a Mat out into a fresh malloc'd go_cv_image.
int export_mat(go_cv_image *out, const cv::Mat &m)
{
    if (m.depth() != CV_8U || m.channels() < 1 || m.channels() > 4)
        return go_error_set(GO_EINTERNAL, "opencv shim: unexpected image type %d", m.type());
    // not zeroed (go_cv_image_alloc's calloc): every byte is written below
    size_t row = (size_t)m.cols * (size_t)m.channels();
    go_cv_image img = {m.cols, m.rows, m.channels(),
                       static_cast<uint8_t *>(std::malloc(row * (size_t)m.rows))};
    if (!img.pixels)
        return go_error_set(GO_ENOMEM, "image of %zu bytes", row * (size_t)m.rows);
    for (int y = 0; y < m.rows; y++)
        std::memcpy(img.pixels + (size_t)y * row, m.ptr(y), row);
    go_cv_image_free(out);
    *out = img;
    return 0;
}

// What a scan derives from its images, kept within the scan (go_cv_warp_cache_begin .. _end)
// per thread: the stages look at the board through the same lattice again and again (the
// check, the phase and the refinement of one lattice; each look arriving at a lattice an earlier
// one found), and a warp is the costliest step of each look. An entry is keyed by its source
// image's pixels, which stay unchanged while the image lives: go_cv_image_free drops the entries
// of the image it frees, so an image allocated later at the same address is never taken for it.
struct kept_entry {
    const uint8_t *src;
    int src_width, src_height, src_channels;
    int kind; // KEPT_WARP or KEPT_WARP_INVERSE, or a GO_CV_KEPT_ kind of the callers
    double key[9];
    int a, b;
    cv::Mat result;
    unsigned long used;
};

enum { KEPT_WARP = 0, KEPT_WARP_INVERSE = 1 };

struct kept_cache {
    int depth = 0; // scans open on this thread (begin without end)
    std::vector<kept_entry> entries;
    size_t bytes = 0;
    unsigned long uses = 0;
    unsigned warps = 0, reused = 0;
};

thread_local kept_cache kept;

// The most the entries of one thread hold: a 19x19 lattice's warps are 0.2-1.6 MB each; the
// one used least lately gives way.
constexpr size_t KEPT_BYTES = 48u << 20;

size_t mat_bytes(const cv::Mat &m)
{
    return m.total() * m.elemSize();
}

void kept_drop(size_t k)
{
    kept.bytes -= mat_bytes(kept.entries[k].result);
    if (k + 1 != kept.entries.size())
        kept.entries[k] = std::move(kept.entries.back());
    kept.entries.pop_back();
}

kept_entry *kept_lookup(const go_cv_image *in, int kind, const double key[9], int a, int b)
{
    for (kept_entry &e : kept.entries)
        if (e.src == in->pixels && e.src_width == in->width && e.src_height == in->height &&
            e.src_channels == in->channels && e.kind == kind && e.a == a && e.b == b &&
            std::memcmp(e.key, key, sizeof e.key) == 0) {
            e.used = ++kept.uses;
            return &e;
        }
    return nullptr;
}

// Keeps result (owned, shared with no caller) as what kind derives from in by key, a and b;
// a failure to keep it changes no result, so it is dropped silently.
void kept_store(const go_cv_image *in, int kind, const double key[9], int a, int b,
                const cv::Mat &result)
{
    try {
        const size_t need = mat_bytes(result);
        if (need > KEPT_BYTES)
            return;
        while (kept.bytes + need > KEPT_BYTES && !kept.entries.empty()) {
            size_t oldest = 0;
            for (size_t k = 1; k < kept.entries.size(); k++)
                if (kept.entries[k].used < kept.entries[oldest].used)
                    oldest = k;
            kept_drop(oldest);
        }
        kept_entry e;
        e.src = in->pixels;
        e.src_width = in->width;
        e.src_height = in->height;
        e.src_channels = in->channels;
        e.kind = kind;
        std::memcpy(e.key, key, sizeof e.key);
        e.a = a;
        e.b = b;
        e.result = result;
        e.used = ++kept.uses;
        kept.entries.push_back(std::move(e));
        kept.bytes += need;
    } catch (...) {
        // out of memory for the cache: the work is simply done again when asked again
    }
}

int kept_active(const go_cv_image *in)
{
    return kept.depth > 0 && in && in->pixels;
}

} // namespace

extern "C" {

void go_cv_warp_cache_begin(void)
{
    if (kept.depth++ == 0)
        kept.warps = kept.reused = 0;
}

void go_cv_warp_cache_end(void)
{
    if (kept.depth == 0 || --kept.depth > 0)
        return;
    kept.entries.clear();
    kept.entries.shrink_to_fit();
    kept.bytes = 0;
}

void go_cv_warp_cache_counts(unsigned *out_warps, unsigned *out_reused)
{
    *out_warps = kept.warps;
    *out_reused = kept.reused;
}

int go_cv_kept_find(go_cv_image *out, const go_cv_image *in, int kind, const double key[9], int a,
                    int b)
{
    SHIM_TRY
    if (!kept_active(in))
        return 0;
    kept_entry *e = kept_lookup(in, kind, key, a, b);
    if (!e)
        return 0; // the warp that follows counts itself
    kept.warps++;
    kept.reused++;
    const cv::Mat result = e->result; // export_mat may free an image and move entries
    int rc = export_mat(out, result);
    return rc < 0 ? rc : 1;
    SHIM_CATCH
}

void go_cv_kept_keep(const go_cv_image *in, int kind, const double key[9], int a, int b,
                     const go_cv_image *result)
{
    if (!kept_active(in) || !result->pixels)
        return;
    try {
        kept_store(in, kind, key, a, b, view(result).clone());
    } catch (...) {
        // out of memory for the copy: nothing is kept
    }
}

void go_cv_image_free(go_cv_image *img)
{
    if (!img)
        return;
    if (img->pixels && !kept.entries.empty())
        for (size_t k = kept.entries.size(); k-- > 0;)
            if (kept.entries[k].src == img->pixels)
                kept_drop(k);
    std::free(img->pixels);
    img->pixels = nullptr;
    img->width = img->height = img->channels = 0;
}

int go_cv_image_alloc(go_cv_image *out, int width, int height, int channels)
{
    if (width <= 0 || height <= 0 || channels <= 0 || channels > 4)
        return go_error_set(GO_EINVAL, "image size %dx%dx%d", width, height, channels);
    size_t n = (size_t)width * (size_t)height * (size_t)channels;
    uint8_t *p = static_cast<uint8_t *>(std::calloc(n, 1));
    if (!p)
        return go_error_set(GO_ENOMEM, "image of %zu bytes", n);
    out->width = width;
    out->height = height;
    out->channels = channels;
    out->pixels = p;
    return 0;
}

void go_cv_set_threads(int threads)
{
    try {
        cv::setNumThreads(threads);
    } catch (...) {
        // Thread count is a performance hint; failing to set it changes no result.
    }
}

int go_cv_decode(go_cv_image *out, const void *data, size_t len, int reduce)
{
    SHIM_TRY
    if (!data || len == 0)
        return go_error_set(GO_EIMAGE, "empty image");
    int flags = cv::IMREAD_COLOR;
    if (reduce == 2)
        flags = cv::IMREAD_REDUCED_COLOR_2;
    else if (reduce == 4)
        flags = cv::IMREAD_REDUCED_COLOR_4;
    else if (reduce == 8)
        flags = cv::IMREAD_REDUCED_COLOR_8;
    cv::Mat buf(1, (int)len, CV_8U, const_cast<void *>(data));
    cv::Mat m = cv::imdecode(buf, flags);
    if (m.empty())
        return go_error_set(GO_EIMAGE, "the image data could not be decoded");
    if (m.depth() != CV_8U) {
        cv::Mat c;
        m.convertTo(c, CV_8U, m.depth() == CV_16U ? 1.0 / 257.0 : 1.0);
        m = c;
    }
    if (m.channels() == 1) {
        cv::Mat c;
        cv::cvtColor(m, c, cv::COLOR_GRAY2BGR);
        m = c;
    } else if (m.channels() == 4) {
        cv::Mat c;
        cv::cvtColor(m, c, cv::COLOR_BGRA2BGR);
        m = c;
    }
    return export_mat(out, m);
    SHIM_CATCH
}

int go_cv_resize(go_cv_image *out, const go_cv_image *in, int width, int height)
{
    SHIM_TRY
    cv::Mat d;
    int interp = (width < in->width) ? cv::INTER_AREA : cv::INTER_LINEAR;
    cv::resize(view(in), d, cv::Size(width, height), 0, 0, interp);
    return export_mat(out, d);
    SHIM_CATCH
}

int go_cv_turn(go_cv_image *out, const go_cv_image *in, int quarter_turns)
{
    SHIM_TRY
    int q = ((quarter_turns % 4) + 4) % 4;
    if (q == 0)
        return export_mat(out, view(in));
    static const int codes[4] = {0, cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180,
                                 cv::ROTATE_90_COUNTERCLOCKWISE};
    cv::Mat d;
    cv::rotate(view(in), d, codes[q]);
    return export_mat(out, d);
    SHIM_CATCH
}

int go_cv_gray(go_cv_image *out, const go_cv_image *in)
{
    SHIM_TRY
    cv::Mat d;
    cv::cvtColor(view(in), d, cv::COLOR_BGR2GRAY);
    return export_mat(out, d);
    SHIM_CATCH
}

int go_cv_lab(go_cv_image *out, const go_cv_image *in)
{
    SHIM_TRY
    cv::Mat d;
    cv::cvtColor(view(in), d, cv::COLOR_BGR2Lab);
    return export_mat(out, d);
    SHIM_CATCH
}

int go_cv_blackhat(go_cv_image *out, const go_cv_image *gray, int ksize)
{
    SHIM_TRY
    cv::Mat d;
    cv::Mat k = cv::getStructuringElement(cv::MORPH_RECT, cv::Size(ksize, ksize));
    cv::morphologyEx(view(gray), d, cv::MORPH_BLACKHAT, k);
    return export_mat(out, d);
    SHIM_CATCH
}

int go_cv_blur(go_cv_image *out, const go_cv_image *in, double sigma)
{
    SHIM_TRY
    cv::Mat d;
    cv::GaussianBlur(view(in), d, cv::Size(0, 0), sigma);
    return export_mat(out, d);
    SHIM_CATCH
}

static int warp(go_cv_image *out, const go_cv_image *in, const double h[9], int width, int height,
                int inverse, int keep)
{
    SHIM_TRY
    const int kind = inverse ? KEPT_WARP_INVERSE : KEPT_WARP;
    const int caching = keep && kept_active(in);
    if (!keep && kept_active(in))
        kept.warps++;
    if (caching) {
        kept.warps++;
        if (kept_entry *e = kept_lookup(in, kind, h, width, height)) {
            kept.reused++;
            const cv::Mat result = e->result; // export_mat may free an image and move entries
            return export_mat(out, result);
        }
    }
    cv::Mat hm(3, 3, CV_64F, const_cast<double *>(h));
    cv::Mat d;
    int flags = cv::INTER_LINEAR | (inverse ? cv::WARP_INVERSE_MAP : 0);
    cv::warpPerspective(view(in), d, hm, cv::Size(width, height), flags, cv::BORDER_REPLICATE);
    int rc = export_mat(out, d);
    if (rc == 0 && caching)
        kept_store(in, kind, h, width, height, d);
    return rc;
    SHIM_CATCH
}

int go_cv_warp(go_cv_image *out, const go_cv_image *in, const double h[9], int width, int height,
               int inverse)
{
    return warp(out, in, h, width, height, inverse, 1);
}

int go_cv_warp_unkept(go_cv_image *out, const go_cv_image *in, const double h[9], int width,
                      int height, int inverse)
{
    return warp(out, in, h, width, height, inverse, 0);
}

int go_cv_find_homography(double out[9], const double *src, const double *dst, int n, int ransac,
                          double reproj)
{
    SHIM_TRY
    if (n < 4)
        return go_error_set(GO_EINVAL, "homography needs 4 points, got %d", n);
    std::vector<cv::Point2d> s, d;
    for (int i = 0; i < n; i++) {
        s.emplace_back(src[2 * i], src[2 * i + 1]);
        d.emplace_back(dst[2 * i], dst[2 * i + 1]);
    }
    cv::Mat hm = cv::findHomography(s, d, ransac ? cv::RANSAC : 0, reproj);
    if (hm.empty())
        return go_error_set(GO_EINVAL, "no homography fits the %d points", n);
    for (int i = 0; i < 9; i++)
        out[i] = hm.at<double>(i / 3, i % 3);
    return 0;
    SHIM_CATCH
}

int go_cv_encode_jpeg(uint8_t **out, size_t *out_len, const go_cv_image *img, int quality)
{
    SHIM_TRY
    std::vector<uchar> buf;
    std::vector<int> params = {cv::IMWRITE_JPEG_QUALITY, quality};
    if (!cv::imencode(".jpg", view(img), buf, params))
        return go_error_set(GO_EIMAGE, "JPEG encoding failed");
    uint8_t *p = static_cast<uint8_t *>(std::malloc(buf.size() ? buf.size() : 1));
    if (!p)
        return go_error_set(GO_ENOMEM, "JPEG buffer");
    std::memcpy(p, buf.data(), buf.size());
    *out = p;
    *out_len = buf.size();
    return 0;
    SHIM_CATCH
}

// Networks kept per thread: the point classifier, the lattice's, the corner model's, and a model
// read from a file.
#define NET_CACHE 4

// The network of model (its bytes and generation) kept on this thread, read when it is not: a
// few networks per thread, each read again only when another model is asked for in its place;
// the one used least lately gives way. NULL when the bytes are no network.
static cv::dnn::Net *kept_net(const void *model, size_t model_len, unsigned generation)
{
    struct cached {
        cv::dnn::Net net;
        const void *model = nullptr;
        unsigned generation = 0;
        unsigned long used = 0;
    };
    thread_local cached nets[NET_CACHE];
    thread_local unsigned long uses = 0;
    cached *slot = nullptr;
    for (cached &c : nets)
        if (!c.net.empty() && c.model == model && c.generation == generation)
            slot = &c;
    if (!slot) {
        slot = &nets[0];
        for (cached &c : nets)
            if (c.used < slot->used)
                slot = &c;
        slot->net = cv::dnn::readNetFromONNX(static_cast<const char *>(model), model_len);
        if (slot->net.empty())
            return nullptr;
        slot->net.setPreferableBackend(cv::dnn::DNN_BACKEND_OPENCV);
        slot->net.setPreferableTarget(cv::dnn::DNN_TARGET_CPU);
        slot->model = model;
        slot->generation = generation;
    }
    slot->used = ++uses;
    return &slot->net;
}

int go_cv_net_run(const void *model, size_t model_len, unsigned generation, const uint8_t *patches,
                  int n, int side, int crop, float *out, int classes)
{
    SHIM_TRY
    if (!model || model_len == 0 || n < 0 || crop < 1 || crop > side || classes < 1)
        return go_error_set(GO_EINVAL, "network: bad arguments");
    if (n == 0)
        return 0;
    cv::dnn::Net *kept = kept_net(model, model_len, generation);
    if (!kept)
        return go_error_set(GO_EINVAL, "network: the model could not be read");
    cv::dnn::Net &net = *kept;
    const int dims[4] = {n, 3, crop, crop};
    cv::Mat blob(4, dims, CV_32F);
    const int off = (side - crop) / 2;
    const size_t patch = (size_t)side * side * 3;
    for (int k = 0; k < n; k++) {
        const uint8_t *p = patches + (size_t)k * patch;
        float *b = blob.ptr<float>(k);
        for (int c = 0; c < 3; c++)
            for (int y = 0; y < crop; y++)
                for (int x = 0; x < crop; x++)
                    b[((size_t)c * crop + y) * crop + x] =
                        p[((size_t)(y + off) * side + (x + off)) * 3 + c] / 255.0f;
    }
    net.setInput(blob);
    cv::Mat res = net.forward();
    if (res.total() != (size_t)n * classes || res.depth() != CV_32F)
        return go_error_set(GO_EINVAL, "network: %zu outputs where %d x %d were expected",
                            (size_t)res.total(), n, classes);
    std::memcpy(out, res.ptr<float>(), sizeof(float) * (size_t)n * classes);
    return 0;
    SHIM_CATCH
}

int go_cv_net_map(const void *model, size_t model_len, unsigned generation, const go_cv_image *img,
                  float *out, int out_w, int out_h)
{
    SHIM_TRY
    if (!model || model_len == 0 || !img || !img->pixels || img->channels != 3 || out_w < 1 ||
        out_h < 1)
        return go_error_set(GO_EINVAL, "network: bad arguments");
    cv::dnn::Net *kept = kept_net(model, model_len, generation);
    if (!kept)
        return go_error_set(GO_EINVAL, "network: the model could not be read");
    const int w = img->width, h = img->height;
    const int dims[4] = {1, 3, h, w};
    cv::Mat blob(4, dims, CV_32F);
    float *b = blob.ptr<float>(0);
    for (int c = 0; c < 3; c++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                b[((size_t)c * h + y) * w + x] = img->pixels[((size_t)y * w + x) * 3 + c] / 255.0f;
    kept->setInput(blob);
    cv::Mat res = kept->forward();
    if (res.total() != (size_t)out_w * out_h || res.depth() != CV_32F)
        return go_error_set(GO_EINVAL, "network: %zu outputs where a %dx%d map was expected",
                            (size_t)res.total(), out_w, out_h);
    std::memcpy(out, res.ptr<float>(), sizeof(float) * (size_t)out_w * out_h);
    return 0;
    SHIM_CATCH
}

} // extern "C"
