import { createContext, useContext, type ReactNode } from 'react';

export type Language = 'en' | 'id';
export const LANGUAGES: Record<Language, string> = { en: 'English', id: 'Bahasa Indonesia' };

const en = {
  language: 'Language',
  loading: 'Loading…',
  notFound: 'This page does not exist.',
  businessNotFound: 'We could not find this business.',
  somethingWrong: 'Something went wrong. Please try again.',
  outlets: 'Outlets',
  chooseOutlet: 'Choose an outlet',
  stepService: 'Choose a service',
  minutes: (n: number) => `${n} min`,
  noServices: 'This outlet has no services to book online yet.',
  stepStaff: 'Choose a staff member',
  anyone: 'Anyone available',
  noStaff: 'Nobody takes online bookings for this service yet.',
  stepTime: 'Choose a day and time',
  timesIn: (zone: string, name: string) => `Times are in ${zone} (${name}).`,
  day: 'Day',
  time: 'Time',
  full: 'full',
  noSlots: 'No free time in the next two weeks.',
  stepAccount: 'Your account',
  newCustomer: 'I am new here',
  haveAccount: 'I have an account',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phoneOptional: 'Phone (optional)',
  password: 'Password',
  passwordHint: 'At least 8 characters.',
  createAccount: 'Create account',
  signIn: 'Sign in',
  signedInAs: (name: string) => `Signed in as ${name}.`,
  signOut: 'Sign out',
  verifyEmailLater: 'We sent you an e-mail code; you can verify it later and book now.',
  stepReview: 'Review and pay',
  service: 'Service',
  staff: 'Staff',
  when: 'When',
  outlet: 'Outlet',
  price: 'Price',
  feeNote: 'A platform fee is added on the payment page.',
  payWith: 'Pay with',
  methods: { QRIS: 'QRIS', VIRTUAL_ACCOUNT: 'Virtual account', E_WALLET: 'E-wallet' },
  bookAndPay: 'Book and pay',
  booking: 'Booking…',
  toPayment: 'Taking you to the payment page…',
  bookingTitle: 'Your booking',
  waitingPayment: 'Waiting for the payment to be confirmed…',
  confirmed: 'Your booking is confirmed.',
  paymentNotSeen: 'We have not received the payment yet. If you paid, this page updates by itself.',
  status: 'Status',
  total: 'Total',
  statuses: {
    pending: 'Waiting for payment',
    confirmed: 'Confirmed',
    in_progress: 'In progress',
    completed: 'Completed',
    cancelled: 'Cancelled',
    no_show: 'No-show',
  } as Record<string, string>,
  signInToSee: 'Sign in again on the booking page to see this booking.',
  bookAnother: 'Book another appointment',
  consoleTitle: 'Salon console',
  consoleNotYet:
    'The console for the salon’s staff is not available in this version. Staff use the API (see the API reference).',
  apiReference: 'API reference',
};

export type Messages = typeof en;

const id: Messages = {
  language: 'Bahasa',
  loading: 'Memuat…',
  notFound: 'Halaman ini tidak ada.',
  businessNotFound: 'Bisnis ini tidak ditemukan.',
  somethingWrong: 'Terjadi kesalahan. Silakan coba lagi.',
  outlets: 'Outlet',
  chooseOutlet: 'Pilih outlet',
  stepService: 'Pilih layanan',
  minutes: (n: number) => `${n} menit`,
  noServices: 'Outlet ini belum memiliki layanan yang bisa dipesan online.',
  stepStaff: 'Pilih staf',
  anyone: 'Siapa saja yang tersedia',
  noStaff: 'Belum ada staf yang menerima pemesanan online untuk layanan ini.',
  stepTime: 'Pilih hari dan jam',
  timesIn: (zone: string, name: string) => `Jam dalam ${zone} (${name}).`,
  day: 'Hari',
  time: 'Jam',
  full: 'penuh',
  noSlots: 'Tidak ada waktu kosong dalam dua minggu ke depan.',
  stepAccount: 'Akun Anda',
  newCustomer: 'Saya pelanggan baru',
  haveAccount: 'Saya sudah punya akun',
  firstName: 'Nama depan',
  lastName: 'Nama belakang',
  email: 'E-mail',
  phoneOptional: 'Telepon (opsional)',
  password: 'Kata sandi',
  passwordHint: 'Minimal 8 karakter.',
  createAccount: 'Buat akun',
  signIn: 'Masuk',
  signedInAs: (name: string) => `Masuk sebagai ${name}.`,
  signOut: 'Keluar',
  verifyEmailLater: 'Kami mengirim kode lewat e-mail; Anda bisa memverifikasinya nanti dan memesan sekarang.',
  stepReview: 'Periksa dan bayar',
  service: 'Layanan',
  staff: 'Staf',
  when: 'Waktu',
  outlet: 'Outlet',
  price: 'Harga',
  feeNote: 'Biaya platform ditambahkan di halaman pembayaran.',
  payWith: 'Bayar dengan',
  methods: { QRIS: 'QRIS', VIRTUAL_ACCOUNT: 'Virtual account', E_WALLET: 'E-wallet' },
  bookAndPay: 'Pesan dan bayar',
  booking: 'Memesan…',
  toPayment: 'Membuka halaman pembayaran…',
  bookingTitle: 'Pesanan Anda',
  waitingPayment: 'Menunggu konfirmasi pembayaran…',
  confirmed: 'Pesanan Anda sudah dikonfirmasi.',
  paymentNotSeen: 'Pembayaran belum kami terima. Jika sudah membayar, halaman ini akan diperbarui sendiri.',
  status: 'Status',
  total: 'Total',
  statuses: {
    pending: 'Menunggu pembayaran',
    confirmed: 'Dikonfirmasi',
    in_progress: 'Sedang berlangsung',
    completed: 'Selesai',
    cancelled: 'Dibatalkan',
    no_show: 'Tidak hadir',
  },
  signInToSee: 'Masuk lagi di halaman pemesanan untuk melihat pesanan ini.',
  bookAnother: 'Pesan janji temu lain',
  consoleTitle: 'Konsol salon',
  consoleNotYet:
    'Konsol untuk staf salon belum tersedia di versi ini. Staf menggunakan API (lihat referensi API).',
  apiReference: 'Referensi API',
};

export const MESSAGES: Record<Language, Messages> = { en, id };

/** The tenant's language when the platform knows it ("id", "id-ID" …), English otherwise. */
export function languageOf(tag: string | null | undefined): Language {
  return tag?.toLowerCase().startsWith('id') ? 'id' : 'en';
}

interface I18n {
  language: Language;
  t: Messages;
  setLanguage(language: Language): void;
}

const I18nContext = createContext<I18n>({ language: 'en', t: en, setLanguage: () => undefined });

export function I18nProvider(props: {
  language: Language;
  setLanguage(language: Language): void;
  children: ReactNode;
}) {
  return (
    <I18nContext.Provider
      value={{ language: props.language, t: MESSAGES[props.language], setLanguage: props.setLanguage }}
    >
      {props.children}
    </I18nContext.Provider>
  );
}

export const useI18n = () => useContext(I18nContext);
