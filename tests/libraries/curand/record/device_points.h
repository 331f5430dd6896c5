/* device_points.h — where the device-API test samples each generator: streams
 * (curand_init's subsequence) and positions (its offset), shared by the test and
 * record_device.c. Written for Anchor. */
#ifndef CURAND_DEVICE_POINTS_H
#define CURAND_DEVICE_POINTS_H
#define DEVICE_SEED 0x9e3779b97f4a7c15ull
enum { DEVICE_STREAMS = 5, DEVICE_POSITIONS = 7, DEVICE_MAX_POSITION = 300 };
#define DEVICE_STREAM_LIST {0, 1, 7, 1000, 4095}
#define DEVICE_POSITION_LIST {0, 1, 2, 3, 5, 161, 300}
static const unsigned int device_streams[DEVICE_STREAMS] = DEVICE_STREAM_LIST;
static const unsigned int device_positions[DEVICE_POSITIONS] = DEVICE_POSITION_LIST;
#endif
