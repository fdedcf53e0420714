import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { registerServiceWorker } from './service-worker';
import { startApp } from './start';

registerServiceWorker();
void startApp();
